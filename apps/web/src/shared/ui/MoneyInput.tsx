// A dollar amount field: '$554,000' as the agent reads it; while typing, the text stays as typed ($ and commas allowed)
// and is tidied on leaving. The text never changes on focus, so a select-all (Tab) and typing replaces it.
import { useState, type InputHTMLAttributes } from 'react';

/** Saved states may carry the amount as text ('554000'); anything not a number shows empty. */
const asNumber = (value: number | string): number | '' => (value === '' ? '' : Number.isFinite(Number(value)) ? Number(value) : '');
const shown = (value: number | string) => {
  const n = asNumber(value);
  return n === '' ? '' : `$${Math.round(n).toLocaleString('en-US')}`;
};

/** The number an agent typed ('554k' is not guessed: $, commas and spaces are ignored); null when it is not one. */
export function parseMoney(text: string): number | '' | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return '';
  const value = Number(cleaned);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export function MoneyInput({ value, onValue, ...rest }: { value: number | string; onValue(value: number | ''): void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      value={draft ?? shown(value)}
      onFocus={() => setDraft(shown(value))}
      onBlur={() => setDraft(null)}
      onChange={(e) => {
        setDraft(e.target.value);
        const parsed = parseMoney(e.target.value);
        if (parsed !== null) onValue(parsed);
      }}
    />
  );
}
