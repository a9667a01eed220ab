export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
  /** Set for an image the HTML shows inline (<img src="cid:…">). */
  cid?: string;
}

export interface MailMessage {
  from: string;
  to: string;
  replyTo?: string;
  bcc?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailTransport {
  describe(): string;
  /** Delivers or throws; path is set when written to the outbox. */
  send(message: MailMessage): Promise<{ path?: string }>;
}
