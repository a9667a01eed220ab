import { DEMO_PREFERRED_TIMES, DEMO_TIME_MESSAGE, type RequestDemoRequest } from '@cma/contracts';
import { phoneDigits } from '../../../shared/format';
import { validateContactField } from '../contact/contactForm';
import { formErrors } from '../forms/checkedForm';

// Request a Demo takes the same care as Contact Us: the same messages for name, e-mail and phone.

export interface DemoFormValues {
  name: string;
  email: string;
  phone: string;
  brokerage: string;
  preferred_time: string;
  message: string;
}
export type DemoField = keyof DemoFormValues;
export type DemoErrors = Partial<Record<DemoField, string>>;

export const EMPTY_DEMO_FORM: DemoFormValues = { name: '', email: '', phone: '', brokerage: '', preferred_time: DEMO_PREFERRED_TIMES[0], message: '' };
export const DEMO_MESSAGE_MAX = 2000;
export const DEMO_BROKERAGE_MAX = 160;

export function validateDemoField(field: DemoField, value: string): string | undefined {
  switch (field) {
    case 'name':
      return validateContactField('name', value);
    case 'email':
      return validateContactField('email', value);
    case 'phone':
      return validateContactField('mobile_number', value);
    case 'preferred_time':
      return (DEMO_PREFERRED_TIMES as readonly string[]).includes(value) ? undefined : DEMO_TIME_MESSAGE;
    case 'brokerage':
      return value.length > DEMO_BROKERAGE_MAX ? `At most ${DEMO_BROKERAGE_MAX} characters.` : undefined;
    case 'message':
      return value.length > DEMO_MESSAGE_MAX ? `At most ${DEMO_MESSAGE_MAX} characters.` : undefined;
  }
}

export const validateDemoForm = (values: DemoFormValues): DemoErrors => formErrors(values, validateDemoField);

/** The JSON body of POST /api/request-demo: trimmed, phone as digits. */
export function demoRequestBody(values: DemoFormValues): RequestDemoRequest {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: phoneDigits(values.phone),
    brokerage: values.brokerage.trim(),
    preferred_time: values.preferred_time as RequestDemoRequest['preferred_time'],
    message: values.message.trim(),
  };
}
