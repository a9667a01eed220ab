import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addAttachments, buildContactFormData, formatMobileInput, isAllowedImage, validateContactField, validateContactForm, EMPTY_CONTACT_FORM,
} from './contactForm';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('contact form rules (spec §5)', () => {
  it('requires a name, and whitespace-only counts as empty', () => {
    expect(validateContactField('name', '')).toBe('Name is Required');
    expect(validateContactField('name', '   \t ')).toBe('Name is Required');
    expect(validateContactField('name', ' Dana ')).toBeUndefined();
  });

  it('requires a subject and a description', () => {
    expect(validateContactField('subject', '')).toBe('Subject is Required');
    expect(validateContactField('subject', 'Plans')).toBeUndefined();
    expect(validateContactField('description', '')).toBe('Description is Required');
    expect(validateContactField('description', 'Hello')).toBeUndefined();
  });

  it.each([
    ['', 'Email is Required'],
    ['   ', 'Email is Required'],
    ['dana', 'Please enter valid Email ID'],
    ['dana@', 'Please enter valid Email ID'],
    ['dana@example', 'Please enter valid Email ID'],
    ['da na@example.com', 'Please enter valid Email ID'],
    ['dana@example.com', undefined],
    ['dana.o+cma@mail.example.co', undefined],
  ])('email %j → %s', (value, message) => expect(validateContactField('email', value)).toBe(message));

  it.each([
    ['', 'Number is Required'],
    ['303', 'Please enter valid Mobile Number'],
    ['303555014', 'Please enter valid Mobile Number'],
    ['303-555-0142', undefined],
  ])('mobile %j → %s', (value, message) => expect(validateContactField('mobile_number', value)).toBe(message));

  it('limits the mobile input to ten digits and formats it as xxx-xxx-xxxx', () => {
    expect(formatMobileInput('3')).toBe('3');
    expect(formatMobileInput('303555014')).toBe('303555014');
    expect(formatMobileInput('3035550142')).toBe('303-555-0142');
    expect(formatMobileInput('303-555-01429')).toBe('303-555-0142');
    expect(formatMobileInput('(303) 555-0142')).toBe('303-555-0142');
    expect(formatMobileInput('abc')).toBe('');
  });

  it('a typed mobile number is valid exactly when it has ten digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (typed) => {
        const shown = formatMobileInput(typed);
        const digits = typed.replace(/\D/g, '').length;
        expect(validateContactField('mobile_number', shown) === undefined).toBe(digits >= 10);
      }),
    );
  });

  it('checks every field at once on Submit', () => {
    expect(validateContactForm(EMPTY_CONTACT_FORM)).toEqual({
      name: 'Name is Required',
      email: 'Email is Required',
      mobile_number: 'Number is Required',
      subject: 'Subject is Required',
      description: 'Description is Required',
    });
    expect(validateContactForm({ name: 'Dana', email: 'dana@example.com', mobile_number: '303-555-0142', subject: 'Hi', description: 'Hello' })).toEqual({});
  });
});

describe('contact attachments (spec §5, §9)', () => {
  it('accepts png, jpg and jpeg only', () => {
    expect(isAllowedImage(file('a.png', 'image/png'))).toBe(true);
    expect(isAllowedImage(file('a.JPG', 'image/jpeg'))).toBe(true);
    expect(isAllowedImage(file('a.jpeg', 'image/jpeg'))).toBe(true);
    expect(isAllowedImage(file('a.gif', 'image/gif'))).toBe(false);
    expect(isAllowedImage(file('a.webp', 'image/webp'))).toBe(false);
    expect(isAllowedImage(file('a.pdf', 'application/pdf'))).toBe(false);
    expect(isAllowedImage(file('a.png', 'text/html'))).toBe(false);
  });

  it('keeps at most 8 and warns about the 9th', () => {
    const eight = Array.from({ length: 8 }, (_, i) => file(`p${i}.png`, 'image/png'));
    const first = addAttachments([], eight);
    expect(first.files).toHaveLength(8);
    expect(first.warnings).toEqual([]);
    const ninth = addAttachments(first.files, [file('p9.png', 'image/png')]);
    expect(ninth.files).toHaveLength(8);
    expect(ninth.warnings).toEqual(['you can upload 8 images only']);
    const tenAtOnce = addAttachments([], [...eight, file('x.png', 'image/png'), file('y.png', 'image/png')]);
    expect(tenAtOnce.files.map((f) => f.name)).toEqual(eight.map((f) => f.name));
    expect(tenAtOnce.warnings).toEqual(['you can upload 8 images only']);
  });

  it('skips other types and oversized images with a message', () => {
    const result = addAttachments([], [file('a.gif', 'image/gif'), file('b.png', 'image/png', 6 * 1024 * 1024), file('c.jpg', 'image/jpeg')]);
    expect(result.files.map((f) => f.name)).toEqual(['c.jpg']);
    expect(result.warnings).toEqual(['Only png, jpg and jpeg images can be attached.', 'Each image must be 5 MB or smaller.']);
  });

  it('sends multipart with email_attachment[] repeated and the mobile number as digits', () => {
    const images = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.jpg', { type: 'image/jpeg' })];
    const body = buildContactFormData({ name: ' Dana ', email: 'dana@example.com', mobile_number: '303-555-0142', subject: 'Hi', description: 'Hello' }, images);
    expect(body.getAll('email_attachment[]').map((f) => (f as File).name)).toEqual(['a.png', 'b.jpg']);
    expect(body.get('mobile_number')).toBe('3035550142');
    expect(body.get('name')).toBe('Dana');
    expect([...new Set([...body.keys()])].sort()).toEqual(['description', 'email', 'email_attachment[]', 'mobile_number', 'name', 'subject']);
  });
});
