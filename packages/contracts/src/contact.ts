import { z } from 'zod';
import { envelope } from './envelope';

// Contact Us (spec §5, §7, §9) and Request a Demo. The messages are the spec's, spelled exactly.

export const CONTACT_NAME_REQUIRED = 'Name is Required';
export const CONTACT_SUBJECT_REQUIRED = 'Subject is Required';
export const CONTACT_DESCRIPTION_REQUIRED = 'Description is Required';
export const CONTACT_EMAIL_REQUIRED = 'Email is Required';
export const CONTACT_EMAIL_INVALID = 'Please enter valid Email ID';
export const CONTACT_NUMBER_REQUIRED = 'Number is Required';
export const CONTACT_NUMBER_INVALID = 'Please enter valid Mobile Number';
export const CONTACT_TOO_MANY_IMAGES = 'you can upload 8 images only';
export const CONTACT_IMAGE_TYPE_MESSAGE = 'Only png, jpg and jpeg images can be attached.';
export const CONTACT_IMAGE_TOO_LARGE_MESSAGE = 'Each image must be 5 MB or smaller.';
/** Spec §8: the error toast of a failed contact call. */
export const CONTACT_FAILURE_TOAST = 'error is ';
export const CONTACT_SUCCESS_MESSAGE = 'Thank you! Your message has been sent. We will get back to you within one business day.';
export const DEMO_SUCCESS_MESSAGE = 'Thank you! We will e-mail you within one business day to confirm your demo.';

/** Spec §9. */
export const CONTACT_MAX_ATTACHMENTS = 8;
export const CONTACT_MOBILE_INPUT_LENGTH = 10;
export const CONTACT_MOBILE_MIN_FORMATTED_LENGTH = 12;
export const CONTACT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const CONTACT_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Multipart field of the attachments (spec §7: email_attachment[] repeated). */
export const CONTACT_ATTACHMENT_FIELD = 'email_attachment[]';

/** A standard e-mail pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters.`);

const emailField = z
  .string({ error: CONTACT_EMAIL_REQUIRED })
  .trim()
  .min(1, CONTACT_EMAIL_REQUIRED)
  .max(254, CONTACT_EMAIL_INVALID)
  .regex(EMAIL_PATTERN, CONTACT_EMAIL_INVALID);

/** The server receives digits only (spec §7); ten digits is what formats to the 12-character minimum. */
const mobileDigitsField = z
  .string({ error: CONTACT_NUMBER_REQUIRED })
  .trim()
  .min(1, CONTACT_NUMBER_REQUIRED)
  .regex(/^\d{10}$/, CONTACT_NUMBER_INVALID);

/** POST /api/contact-us text fields (multipart); the attachments are checked by the server from the bytes. */
export const contactUsRequest = z.object({
  name: requiredText(CONTACT_NAME_REQUIRED, 120),
  email: emailField,
  subject: requiredText(CONTACT_SUBJECT_REQUIRED, 200),
  description: requiredText(CONTACT_DESCRIPTION_REQUIRED, 5000),
  mobile_number: mobileDigitsField,
});
export type ContactUsRequest = z.infer<typeof contactUsRequest>;
export const contactUsResponse = envelope(z.object({ id: z.number().int(), attachments: z.number().int() }));

export const DEMO_PREFERRED_TIMES = ['Any time', 'Weekday morning', 'Weekday afternoon', 'Weekday evening', 'Saturday'] as const;
export const DEMO_NAME_REQUIRED = CONTACT_NAME_REQUIRED;
export const DEMO_PHONE_REQUIRED = CONTACT_NUMBER_REQUIRED;
export const DEMO_TIME_MESSAGE = 'Please choose a preferred time';

/** POST /api/request-demo (JSON). */
export const requestDemoRequest = z.object({
  name: requiredText(CONTACT_NAME_REQUIRED, 120),
  email: emailField,
  phone: mobileDigitsField,
  brokerage: z.string().trim().max(160, 'At most 160 characters.').default(''),
  preferred_time: z.enum(DEMO_PREFERRED_TIMES, { error: DEMO_TIME_MESSAGE }),
  message: z.string().trim().max(2000, 'At most 2000 characters.').default(''),
});
export type RequestDemoRequest = z.input<typeof requestDemoRequest>;
export const requestDemoResponse = envelope(z.object({ id: z.number().int() }));
