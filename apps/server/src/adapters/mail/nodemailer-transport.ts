import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from '../../modules/mail/mail.types';

/** SMTP delivery (SMTP_URL) through nodemailer. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    describe: () => `SMTP ${new URL(smtpUrl).host}`,
    async send(message: MailMessage) {
      await transporter.sendMail(toNodemailer(message));
      return {};
    },
  };
}

/** The embedded default: each message written as an .eml file in an outbox folder. */
export function createOutboxTransport(outboxDir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: () => `outbox ${outboxDir}`,
    async send(message: MailMessage) {
      const info = await transporter.sendMail(toNodemailer(message));
      await mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      return { path: file };
    },
  };
}

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    bcc: message.bcc,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.contentBase64, 'base64'),
      contentType: a.contentType,
      ...(a.cid ? { cid: a.cid } : {}),
    })),
  };
}
