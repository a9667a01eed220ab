import { describe, expect, it } from 'vitest';
import { EMPTY_DEMO_FORM, demoRequestBody, validateDemoField, validateDemoForm } from './requestDemoForm';

describe('request a demo form', () => {
  it('needs a name, a valid e-mail and a ten-digit phone; brokerage and message are optional', () => {
    expect(validateDemoForm(EMPTY_DEMO_FORM)).toEqual({ name: 'Name is Required', email: 'Email is Required', phone: 'Number is Required' });
    expect(validateDemoField('name', '  ')).toBe('Name is Required');
    expect(validateDemoField('email', 'sam@')).toBe('Please enter valid Email ID');
    expect(validateDemoField('phone', '719555')).toBe('Please enter valid Mobile Number');
    expect(validateDemoField('preferred_time', 'Midnight')).toBe('Please choose a preferred time');
    expect(validateDemoField('message', 'x'.repeat(2001))).toBe('At most 2000 characters.');
    expect(validateDemoForm({ ...EMPTY_DEMO_FORM, name: 'Sam', email: 'sam@example.com', phone: '719-555-0100' })).toEqual({});
  });

  it('sends the phone as digits and trims the text', () => {
    expect(demoRequestBody({ name: ' Sam ', email: 'sam@example.com ', phone: '719-555-0100', brokerage: ' Peak ', preferred_time: 'Saturday', message: '' })).toEqual({
      name: 'Sam', email: 'sam@example.com', phone: '7195550100', brokerage: 'Peak', preferred_time: 'Saturday', message: '',
    });
  });
});
