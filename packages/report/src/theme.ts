// Colours and text helpers shared by the PDF, the live page and the content model (the brand palette is palette.ts).
import { NOT_AVAILABLE, formatAmount, type RiskColour } from '@cma/valuation';

export { INK, tint } from './palette';
export const MUTED = '#616e7c';
export const RULE = '#d9dee4';
export const PAPER_TINT = '#f5f7fa';

export const RISK_COLOURS: Record<RiskColour, { fill: string; text: string; label: string }> = {
  green: { fill: '#2e7d32', text: '#ffffff', label: 'Low' },
  amber: { fill: '#f2a900', text: '#1f2933', label: 'Moderate' },
  red: { fill: '#c62828', text: '#ffffff', label: 'High' },
};

// The built-in Helvetica only has WinAnsi glyphs, so symbols the engine prints are spelled out.
const REPLACEMENTS: Array<[RegExp, string]> = [
  [/∝/g, 'proportional to'],
  [/≤/g, '<='],
  [/≥/g, '>='],
  [/−/g, '-'],
  [/[\u2018\u2019]/g, "'"],
  [/[\u201c\u201d]/g, '"'],
];

export function pdfText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  // Drop anything else outside Latin-1 that Helvetica cannot draw (emoji in remarks, etc.), keeping – — • …
  return out.replace(/[^\t\n\r\x20-\xff\u2013\u2014\u2022\u2026\u20ac]/g, '');
}

export const money = (value: number | null | undefined): string => (value == null || !Number.isFinite(value) ? NOT_AVAILABLE : formatAmount(value));
export const percent = (value: number | null | undefined): string => (value == null || !Number.isFinite(value) ? NOT_AVAILABLE : `${value.toFixed(1)}%`);
export const miles = (value: number | null | undefined): string => (value == null ? NOT_AVAILABLE : `${value < 10 ? value.toFixed(2) : value.toFixed(1)} mi`);

/** Short money for chart axes: $450K, $1.2M. */
export function shortMoney(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `$${(value / 1_000_000).toFixed(value % 1_000_000 === 0 ? 0 : 2)}M`;
  return `$${Math.round(value / 1000)}K`;
}
