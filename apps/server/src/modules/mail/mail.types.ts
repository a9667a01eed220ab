export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface MailMessage {
  from: string;
  to: string;
  replyTo?: string;
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
