import {
  CONTACT_DESCRIPTION_REQUIRED, CONTACT_EMAIL_INVALID, CONTACT_EMAIL_REQUIRED, CONTACT_IMAGE_EXTENSIONS, CONTACT_IMAGE_MAX_BYTES,
  CONTACT_IMAGE_TOO_LARGE_MESSAGE, CONTACT_IMAGE_TYPE_MESSAGE, CONTACT_MAX_ATTACHMENTS, CONTACT_MOBILE_INPUT_LENGTH,
  CONTACT_MOBILE_MIN_FORMATTED_LENGTH, CONTACT_NAME_REQUIRED, CONTACT_NUMBER_INVALID, CONTACT_NUMBER_REQUIRED, CONTACT_SUBJECT_REQUIRED,
  CONTACT_TOO_MANY_IMAGES, EMAIL_PATTERN,
} from '@cma/contracts';
import { limitPhoneInput, phoneDigits } from '../../../shared/format';
import { formErrors } from '../forms/checkedForm';

// The Contact Us rules of spec §5 as pure functions, so every rule is unit-tested without a browser.

export interface ContactFormValues {
  name: string;
  email: string;
  /** As shown: passed through the phone helper (xxx-xxx-xxxx once ten digits are in). */
  mobile_number: string;
  subject: string;
  description: string;
}
export type ContactField = keyof ContactFormValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', mobile_number: '', subject: '', description: '' };

export function validateEmail(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return CONTACT_EMAIL_REQUIRED;
  return EMAIL_PATTERN.test(email) ? undefined : CONTACT_EMAIL_INVALID;
}

export function validateMobile(value: string): string | undefined {
  if (value.trim() === '') return CONTACT_NUMBER_REQUIRED;
  return value.length >= CONTACT_MOBILE_MIN_FORMATTED_LENGTH ? undefined : CONTACT_NUMBER_INVALID;
}

/** One field's message, or undefined when it is fine. */
export function validateContactField(field: ContactField, value: string): string | undefined {
  switch (field) {
    case 'name':
      return value.trim() === '' ? CONTACT_NAME_REQUIRED : undefined; // whitespace-only counts as empty
    case 'subject':
      return value.trim() === '' ? CONTACT_SUBJECT_REQUIRED : undefined;
    case 'description':
      return value.trim() === '' ? CONTACT_DESCRIPTION_REQUIRED : undefined;
    case 'email':
      return validateEmail(value);
    case 'mobile_number':
      return validateMobile(value);
  }
}

/** Every field checked at once (on Submit); empty object means the request may be sent. */
export const validateContactForm = (values: ContactFormValues): ContactErrors => formErrors(values, validateContactField);

/** The mobile input keeps ten digits of what is typed or pasted, shown through the phone helper. */
export const formatMobileInput = (raw: string) => limitPhoneInput(raw, CONTACT_MOBILE_INPUT_LENGTH);

const extensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** png, jpg or jpeg by name and declared type; the server checks the bytes again. */
export function isAllowedImage(file: Pick<File, 'name' | 'type'>): boolean {
  const extensionOk = (CONTACT_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const typeOk = file.type === '' || file.type === 'image/png' || file.type === 'image/jpeg' || file.type === 'image/jpg';
  return extensionOk && typeOk;
}

export interface AttachmentChoice<F> {
  /** The attachments after the choice: the current ones plus the new ones that fit. */
  files: F[];
  /** Messages to show: the 8-image warning, wrong types, too large. */
  warnings: string[];
}

/** Adds newly chosen files: wrong types and oversized files are skipped, and nothing beyond the 8th is accepted. */
export function addAttachments<F extends Pick<File, 'name' | 'type' | 'size'>>(current: F[], chosen: F[]): AttachmentChoice<F> {
  const files = [...current];
  const warnings = new Set<string>();
  for (const file of chosen) {
    if (!isAllowedImage(file)) {
      warnings.add(CONTACT_IMAGE_TYPE_MESSAGE);
      continue;
    }
    if (file.size > CONTACT_IMAGE_MAX_BYTES) {
      warnings.add(CONTACT_IMAGE_TOO_LARGE_MESSAGE);
      continue;
    }
    if (files.length >= CONTACT_MAX_ATTACHMENTS) {
      warnings.add(CONTACT_TOO_MANY_IMAGES);
      continue;
    }
    files.push(file);
  }
  return { files, warnings: [...warnings] };
}

/** Spec §7: multipart with email_attachment[] repeated, the text fields, and mobile_number digits only. */
export function buildContactFormData(values: ContactFormValues, files: File[]): FormData {
  const body = new FormData();
  for (const file of files) body.append('email_attachment[]', file, file.name);
  body.append('name', values.name.trim());
  body.append('email', values.email.trim());
  body.append('subject', values.subject.trim());
  body.append('description', values.description.trim());
  body.append('mobile_number', phoneDigits(values.mobile_number));
  return body;
}
