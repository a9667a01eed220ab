import {
  CONTACT_IMAGE_MAX_BYTES, CONTACT_IMAGE_TOO_LARGE_MESSAGE, CONTACT_IMAGE_TYPE_MESSAGE, CONTACT_MAX_ATTACHMENTS, CONTACT_TOO_MANY_IMAGES,
  type CompanyContact, type ContactUsRequest, type RequestDemoRequest,
} from '@cma/contracts';
import { ValidationError } from '../../http/errors';
import type { FileStorage } from '../storage/file-storage';
import type { OutgoingMail } from '../mail/mail.service';
import type { ContactRepository, StoredAttachment } from './contact.repository';
import { sniffImageType, type UploadedFile } from '../../http/uploads';
import { reencodeImage, type ReencodedImage } from '../../shared/reencode-image';

/** Only what the spec allows (png, jpg, jpeg), judged by the first bytes, never by the name or declared type. */
const isContactImage = (head: Buffer) => ['image/png', 'image/jpeg'].includes(sniffImageType(head) ?? '');

/** Attachments are re-encoded to at most this many pixels a side: plenty for a screenshot, far less than a raw photo. */
const CONTACT_IMAGE_MAX_SIDE = 2400;
export const CONTACT_IMAGE_UNREADABLE_MESSAGE = 'An image could not be read. Please attach another file.';

/** The attachment problems as the 422 field map would carry them (empty when all are fine). */
export function attachmentProblems(files: UploadedFile[]): string[] {
  const problems = new Set<string>();
  if (files.length > CONTACT_MAX_ATTACHMENTS) problems.add(CONTACT_TOO_MANY_IMAGES);
  for (const file of files) {
    if (file.truncated || file.size > CONTACT_IMAGE_MAX_BYTES) problems.add(CONTACT_IMAGE_TOO_LARGE_MESSAGE);
    else if (!isContactImage(file.head)) problems.add(CONTACT_IMAGE_TYPE_MESSAGE);
  }
  return [...problems];
}

// The company copy carries the images themselves only up to this total; larger sets stay in storage, listed by name.
const MAX_ATTACHED_BYTES = 10 * 1024 * 1024;

/** The file name to show (no path, no control characters), kept short. */
function safeFilename(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^\w .()-]/g, '_').trim().slice(0, 100);
  return cleaned || fallback;
}

export function createContactService(deps: {
  repository: ContactRepository;
  storage: FileStorage;
  now: () => Date;
  companyContact: () => Promise<CompanyContact>;
  sendMail: (mail: OutgoingMail) => Promise<void>;
}) {
  return {
    /** Stores the message and its images, then e-mails the company (reply-to the sender) and a confirmation to the sender. */
    async submitContact(message: ContactUsRequest, files: UploadedFile[], ip: string): Promise<{ id: number; attachments: number }> {
      const problems = attachmentProblems(files);
      if (problems.length > 0) throw new ValidationError({ email_attachment: problems });
      // Re-encoded one at a time before anything is stored: what is kept and mailed carries no metadata or payload.
      const images: ReencodedImage[] = [];
      for (const file of files) {
        try {
          images.push(await reencodeImage(file.path, CONTACT_IMAGE_MAX_SIDE, sniffImageType(file.head) === 'image/png' ? 'png' : 'jpeg'));
        } catch {
          throw new ValidationError({ email_attachment: [CONTACT_IMAGE_UNREADABLE_MESSAGE] });
        }
      }
      const at = deps.now();
      const id = await deps.repository.insertMessage(message, ip, at);
      const stored: (StoredAttachment & { bytes: Buffer })[] = [];
      for (const [index, image] of images.entries()) {
        const storageKey = `contact/${id}/${index + 1}.${image.extension}`;
        await deps.storage.put(storageKey, image.body, image.contentType);
        const name = safeFilename(files[index]!.filename, `image-${index + 1}`).replace(/\.(png|jpe?g)$/i, '');
        stored.push({ storageKey, filename: `${name}.${image.extension}`, contentType: image.contentType, sizeBytes: image.body.length, bytes: image.body });
      }
      await deps.repository.insertAttachments(id, stored);

      const company = await deps.companyContact();
      const totalBytes = stored.reduce((sum, file) => sum + file.sizeBytes, 0);
      const attachInline = totalBytes <= MAX_ATTACHED_BYTES;
      await deps.sendMail({
        to: company.email,
        replyTo: message.email,
        subject: `Contact Us #${id}: ${message.subject}`,
        title: `New message from ${message.name}`,
        paragraphs: [
          `From: ${message.name} <${message.email}>, mobile ${message.mobile_number}`,
          `Subject: ${message.subject}`,
          message.description,
          stored.length === 0
            ? 'No images attached.'
            : `${stored.length} image(s): ${stored.map((file) => file.filename).join(', ')}${attachInline ? '' : ' (too large to attach; kept in storage under contact/' + id + '/)'}.`,
        ],
        footnote: 'Reply to this e-mail to answer the sender directly.',
        attachments: attachInline
          ? stored.map((file) => ({ filename: file.filename, contentType: file.contentType, contentBase64: file.bytes.toString('base64') }))
          : undefined,
      });
      await deps.sendMail({
        to: message.email,
        subject: 'We received your message — CMA Studio',
        title: `Thank you, ${message.name}`,
        paragraphs: [
          `We received your message "${message.subject}" and will answer within one business day.`,
          `If it is urgent, call us at ${company.phone} or write to ${company.email}.`,
        ],
        footnote: 'You receive this e-mail because this address was entered on the CMA Studio Contact Us form.',
      });
      return { id, attachments: stored.length };
    },

    /** Stores the demo request, then e-mails the company and a confirmation to the agent. */
    async requestDemo(request: RequestDemoRequest & { brokerage: string; message: string }, ip: string): Promise<{ id: number }> {
      const at = deps.now();
      const id = await deps.repository.insertDemoRequest(
        { name: request.name, email: request.email, phone: request.phone, brokerage: request.brokerage, preferredTime: request.preferred_time, message: request.message },
        ip,
        at,
      );
      const company = await deps.companyContact();
      await deps.sendMail({
        to: company.email,
        replyTo: request.email,
        subject: `Demo request #${id}: ${request.name}${request.brokerage ? ` (${request.brokerage})` : ''}`,
        title: `Demo request from ${request.name}`,
        paragraphs: [
          `Agent: ${request.name} <${request.email}>, phone ${request.phone}`,
          `Brokerage: ${request.brokerage || 'not given'}`,
          `Preferred time: ${request.preferred_time}`,
          request.message ? `Message: ${request.message}` : 'No message.',
        ],
        footnote: 'Reply to this e-mail to schedule the demo with the agent.',
      });
      await deps.sendMail({
        to: request.email,
        subject: 'Your CMA Studio demo request',
        title: `Thank you, ${request.name}`,
        paragraphs: [
          `We received your demo request (preferred time: ${request.preferred_time}). We will e-mail you within one business day to confirm a time.`,
          'Bring an MLS export of a recent listing: we will build a CMA from it together in about 20 minutes.',
        ],
        footnote: 'You receive this e-mail because this address was entered on the CMA Studio Request a Demo form.',
      });
      return { id };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
