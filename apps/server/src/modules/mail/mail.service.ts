import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailAttachment, MailMessage, MailTransport } from './mail.types';
import { renderEmail, type EmailContent } from './mail.templates';

export const MAIL_QUEUE = 'mail.send';

export interface OutgoingMail extends EmailContent {
  to: string;
  subject: string;
  replyTo?: string;
  bcc?: string;
  /** A display name for the sender, e.g. 'Robin Vale via CMA Studio'; the address stays MAIL_FROM's. */
  fromName?: string;
  attachments?: MailAttachment[];
}

/** MAIL_FROM with another display name: the product's address, the agent's name (replies go to Reply-To). */
export function fromWithName(mailFrom: string, name: string | undefined): string {
  if (!name) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`;
}

// Every feature sends mail through here: the message is persisted as a job before the caller returns,
// and delivered (with retries and back-off) by the job queue, so nothing is lost while SMTP is down.
export function createMailService(deps: { jobs: JobQueue; transport: MailTransport; from: string; log: FastifyBaseLogger }) {
  deps.jobs.register(MAIL_QUEUE, async (message: MailMessage) => {
    const result = await deps.transport.send(message);
    deps.log.info({ to: redact(message.to), subject: message.subject, ...(result.path ? { path: result.path } : {}) }, 'mail delivered');
  });
  return {
    async send(mail: OutgoingMail): Promise<void> {
      await deps.jobs.enqueue(MAIL_QUEUE, this.compose(mail), { maxAttempts: 12 });
    },
    /** The message exactly as it would be sent (the send-pdf preview shows it). */
    compose(mail: OutgoingMail): MailMessage {
      const { html, text } = renderEmail(mail);
      return { from: fromWithName(deps.from, mail.fromName), to: mail.to, replyTo: mail.replyTo, ...(mail.bcc ? { bcc: mail.bcc } : {}), subject: mail.subject, html, text, attachments: mail.attachments };
    },
    /**
     * Delivers at once without persisting the message; throws when the transport fails. Only for mail carrying
     * a secret (password-reset links), whose caller runs in its own job that persists no secret and retries.
     */
    async deliverNow(mail: OutgoingMail): Promise<void> {
      const { html, text } = renderEmail(mail);
      const message: MailMessage = { from: deps.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, html, text, attachments: mail.attachments };
      const result = await deps.transport.send(message);
      deps.log.info({ to: redact(message.to), subject: message.subject, ...(result.path ? { path: result.path } : {}) }, 'mail delivered');
    },
    transport: deps.transport.describe(),
  };
}
export type MailService = ReturnType<typeof createMailService>;

/** Logs never carry a full e-mail address. */
const redact = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');
