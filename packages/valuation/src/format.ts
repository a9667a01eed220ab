// Number formatting for explanations a PDF can print; the spec's amount helper shows '$ 1,234'.

/** What a property record, a screen and the PDF say for a fact nobody knows (spec §3). */
export const NOT_AVAILABLE = 'Not Available';

/** '1234567' → '1,234,567' for a non-negative whole number. Not Intl: the first Intl formatter a page builds costs
 * ~25 ms of main thread (locale data), and the landing page prints prices during its first render. */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Rounds and shows as '$ 1,234' (spec §5 amount helper); negatives as '-$ 1,234'. */
export function formatAmount(value: number): string {
  const rounded = Math.round(value);
  return `${rounded < 0 ? '-' : ''}$ ${groupThousands(Math.abs(rounded))}`;
}

/** A signed amount for an adjustment cell: '+$ 5,000', '-$ 2,500', '$ 0'. */
export function formatSignedAmount(value: number): string {
  const rounded = Math.round(value);
  if (rounded === 0) return '$ 0';
  return `${rounded > 0 ? '+' : '-'}$ ${groupThousands(Math.abs(rounded))}`;
}

/** A rate with cents when it has them: '$ 16.2', '$ 5,000'. */
export function formatRate(value: number): string {
  return `${value < 0 ? '-' : ''}$ ${formatNumber(Math.abs(value), 2)}`;
}

// Intl formatters are costly to build, so one per digit count is kept.
const byDigits = new Map<number, Intl.NumberFormat>();

export function formatNumber(value: number, digits = 2): string {
  let formatter = byDigits.get(digits);
  if (!formatter) byDigits.set(digits, (formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits })));
  return formatter.format(value);
}

export function formatPercent(value: number, digits = 1): string {
  return `${value.toFixed(digits)}%`;
}

/** A count with its noun, as an agent writes it: '1 listing', '3,000 listings' (plural given when not noun + s). */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
