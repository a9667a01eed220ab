import { useId, useState } from 'react';
import type { CouponInfo } from '@cma/contracts';
import { useCheckCouponMutation } from '../billingApi';
import { errorListMessages, formatPlanAmount } from '../order';
import { notify } from '../../../shared/toast';

export interface AppliedPromo {
  code: string;
  coupon: CouponInfo;
}

/** Promo code entry, checked with POST /public/api/stripe/check-coupons before the order is sent. */
export function PromoCode({ planId, applied, onChange }: { planId: number; applied: AppliedPromo | null; onChange: (promo: AppliedPromo | null) => void }) {
  const id = useId();
  const [code, setCode] = useState(applied?.code ?? '');
  const [error, setError] = useState('');
  const [checkCoupon, { isLoading }] = useCheckCouponMutation();

  async function apply() {
    const trimmed = code.trim();
    if (!trimmed) {
      setError('Enter a promo code first.');
      return;
    }
    try {
      const response = await checkCoupon({ coupon_id: trimmed, subscription_plan_id: planId }).unwrap();
      setError('');
      onChange({ code: response.data!.id, coupon: response.data! });
      notify('success', response.message ?? 'Promo code applied.');
    } catch (failure) {
      const body = (failure as { data?: { message?: string; data?: unknown } }).data;
      setError(errorListMessages(body?.data)[0] ?? body?.message ?? 'The promo code could not be checked.');
      onChange(null);
    }
  }

  if (applied) {
    const { coupon } = applied;
    const off = coupon.percent_off !== null ? `${coupon.percent_off}% off` : `${formatPlanAmount(coupon.amount_off ?? 0)} off`;
    return (
      <div className="promo promo--applied" role="status">
        <p>
          Promo code <strong>{applied.code}</strong> applied: {off}
          {coupon.discounted_amount !== null && <> — your first charge will be {formatPlanAmount(coupon.discounted_amount)}</>}.
        </p>
        <button
          type="button"
          className="billing-link"
          onClick={() => {
            onChange(null);
            setCode('');
          }}
        >
          Remove
        </button>
      </div>
    );
  }
  return (
    <div className="promo">
      <label className="billing-field__label" htmlFor={id}>
        Promo code <span className="billing-muted">(optional)</span>
      </label>
      <div className="promo__row">
        <input
          id={id}
          className="billing-field__input"
          value={code}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
        />
        <button type="button" className="button button--secondary" onClick={() => void apply()} disabled={isLoading}>
          {isLoading ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {error && (
        <p className="billing-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
