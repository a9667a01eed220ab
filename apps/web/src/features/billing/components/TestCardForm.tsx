import { useId, useImperativeHandle, useState, type Ref } from 'react';
import {
  CARD_CVC_INVALID_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  CARD_EXPIRY_INVALID_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
  TEST_MODE_LABEL,
  cardExpired,
  passesLuhn,
} from '@cma/contracts';
import { useCreateTestCardTokenMutation } from '../billingApi';
import { formatCardNumber, parseExpiry } from '../order';
import type { CardEntryHandle } from './cardEntry';
import { notify } from '../../../shared/toast';

type CardField = 'number' | 'expiry' | 'cvc';

function localErrors(number: string, expiry: string, cvc: string): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!passesLuhn(number)) errors.number = CARD_NUMBER_INVALID_MESSAGE;
  const { month, year } = parseExpiry(expiry);
  if (!month || !year || month < 1 || month > 12) errors.expiry = CARD_EXPIRY_INVALID_MESSAGE;
  else if (cardExpired(month, year, new Date())) errors.expiry = CARD_EXPIRED_MESSAGE;
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = CARD_CVC_INVALID_MESSAGE;
  return errors;
}

/** Test mode's card form: checked here (Luhn, expiry, CVC) and tokenized by the server; nothing is charged. */
export function TestCardForm({ ref }: { ref?: Ref<CardEntryHandle> }) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [createToken] = useCreateTestCardTokenMutation();

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const found = localErrors(number, expiry, cvc);
      setErrors(found);
      if (Object.keys(found).length > 0) return null;
      const { month, year } = parseExpiry(expiry);
      try {
        const response = await createToken({ number: number.replace(/\s/g, ''), exp_month: month!, exp_year: year!, cvc }).unwrap();
        const token = response.data!;
        return { token: token.id, last4: token.last4, expMonth: token.exp_month, expYear: token.exp_year };
      } catch (error) {
        const data = (error as { data?: { message?: string; data?: Record<string, string[]> } }).data;
        const fields = data?.data ?? {};
        setErrors({ number: fields.number?.[0], expiry: fields.exp_month?.[0] ?? fields.exp_year?.[0], cvc: fields.cvc?.[0] });
        // Spec §8: a failure creating the card token is shown as 'error message ' + the message.
        notify('error', `error message ${data?.message ?? 'The card could not be checked.'}`);
        return null;
      }
    },
  }));

  const field = (name: CardField, label: string, value: string, onChange: (v: string) => void, props: Record<string, string | number>) => (
    <div className="billing-field">
      <label className="billing-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="billing-field__input"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setErrors((current) => ({ ...current, [name]: undefined }));
        }}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {errors[name] && (
        <p className="billing-field__error" id={`${id}-${name}-error`} role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <fieldset className="test-card">
      <legend className="test-card__badge">{TEST_MODE_LABEL}</legend>
      <p className="test-card__hint">
        Use <code>4242 4242 4242 4242</code> with any future date and any CVC. <code>4000 0000 0000 0002</code> shows a declined card. Each
        card number starts one free trial: for another account, use another number such as <code>5555 5555 5555 4444</code>.
      </p>
      {field('number', 'Card number', number, (v) => setNumber(formatCardNumber(v)), {
        inputMode: 'numeric',
        autoComplete: 'cc-number',
        placeholder: '1234 1234 1234 1234',
        maxLength: 23,
      })}
      <div className="test-card__row">
        {field('expiry', 'Expiry (MM/YY)', expiry, (v) => setExpiry(parseExpiry(v).text), { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 })}
        {field('cvc', 'CVC', cvc, (v) => setCvc(v.replace(/\D/g, '').slice(0, 4)), { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 })}
      </div>
    </fieldset>
  );
}
