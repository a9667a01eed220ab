// A dollar amount field: '$554,000' as the agent reads it; while typing, the text stays as typed ($ and commas allowed)
// and is tidied on leaving. The text never changes on focus, so a select-all (Tab) and typing replaces it.
import { useState, type InputHTMLAttributes } from 'react';
import { formatNumber } from '@cma/valuation';

/** Which amounts a field takes: whole dollars (a price) or, for a rate, cents and amounts below zero too. */
export interface MoneyKind {
  cents?: boolean;
  signed?: boolean;
}

/** Saved states may carry the amount as text ('554000'); anything not a number shows empty. */
const asNumber = (value: number | string): number | '' => (value === '' ? '' : Number.isFinite(Number(value)) ? Number(value) : '');

/** The amount as the field shows it: '$554,000', or with cents '$16.25', '$16.20' and '-$2,500'. */
export function moneyText(value: number | string, { cents = false }: MoneyKind = {}): string {
  const n = asNumber(value);
  if (n === '') return '';
  const rounded = cents ? Math.round(Math.abs(n) * 100) / 100 : Math.round(Math.abs(n));
  // Cents are shown as two digits or not at all: '$16.20', never '$16.2'.
  const text = Number.isInteger(rounded) ? formatNumber(rounded, 0) : rounded.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${n < 0 && text !== '0' ? '-' : ''}$${text}`;
}

/** The number an agent typed ('554k' is not guessed: $, commas and spaces are ignored); null when it is not one. */
export function parseMoney(text: string, { signed = false }: MoneyKind = {}): number | '' | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return '';
  const value = Number(cleaned);
  return Number.isFinite(value) && (signed || value >= 0) ? value : null;
}

export function MoneyInput({ value, onValue, cents, signed, ...rest }: { value: number | string; onValue(value: number | ''): void } & MoneyKind & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>) {
  const [draft, setDraft] = useState<string | null>(null);
  const kind = { cents, signed };
  return (
    <input
      {...rest}
      type="text"
      inputMode={cents || signed ? 'decimal' : 'numeric'}
      value={draft ?? moneyText(value, kind)}
      onFocus={(e) => {
        setDraft(moneyText(value, kind));
        rest.onFocus?.(e);
      }}
      onBlur={(e) => {
        setDraft(null);
        rest.onBlur?.(e);
      }}
      onChange={(e) => {
        setDraft(e.target.value);
        const parsed = parseMoney(e.target.value, kind);
        if (parsed !== null) onValue(parsed);
      }}
    />
  );
}
