// Cleaning of single cell values: numbers as MLS exports and spreadsheets write them, dates in any of the usual
// shapes (including spreadsheet serial numbers), states, levels. Every function is total: bad input → INVALID.

import { LEVELS_OPTIONS, NOT_AVAILABLE } from '@cma/valuation';

export { NOT_AVAILABLE };
export type NotAvailable = typeof NOT_AVAILABLE;

/** Returned by the parsers for a non-empty cell they cannot read. */
export const INVALID: unique symbol = Symbol('invalid');
export type Invalid = typeof INVALID;

const EMPTY_TOKENS = new Set(['', '-', '--', 'n/a', 'na', 'null', 'none available', 'not available', 'unknown', '#n/a']);

export function isBlank(raw: string): boolean {
  return raw.length === 0 || EMPTY_TOKENS.has(raw.trim().toLowerCase());
}

/** '1180', '1.23E+06', '$1,234', ' 1 234 ', '(500)', '1.234,5' (European), '2,450 SqFt' → number; blank → null. */
export function parseNumber(raw: string): number | null | Invalid {
  if (raw.length === 0) return null;
  // Fast path: plain numbers, which is nearly every cell of a real export.
  const direct = +raw;
  if (direct === direct && direct !== Infinity && direct !== -Infinity) {
    const first = raw.charCodeAt(0);
    // `+` also reads '' / ' ' as 0 and hex/binary/octal literals; real numerals start with a digit, '-' or '.'
    // and are not '0x…'.
    if (first >= 49 && first <= 57) return direct;
    if ((first === 48 && (raw.length === 1 || isDecimalTail(raw.charCodeAt(1)))) || first === 45 || first === 46) return direct;
  }
  return parseMessyNumber(raw);
}

function isDecimalTail(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46 || code === 101 || code === 69 || code === 32;
}

const UNIT_SUFFIX = /\s*(?:sq\.?\s*ft\.?|sqft|sf|square feet|acres?|ac|%)$/i;

function parseMessyNumber(raw: string): number | null | Invalid {
  let text = raw.trim();
  if (isBlank(text)) return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  }
  text = text.replace(/^(?:US)?\$\s*/i, '').replace(/\$/g, '').replace(UNIT_SUFFIX, '').replace(/[\s\u00a0]/g, '');
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(text) || /^\d+,\d{1,2}$/.test(text)) {
    // European style: dots group thousands, the comma is the decimal mark (exports with ';' delimiters).
    text = text.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(text) || /^\d+(?:,\d{3})+(?:\.\d*)?$/.test(text)) {
    text = text.replace(/,/g, '');
  }
  if (!/^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return INVALID;
  const value = Number(text);
  if (!Number.isFinite(value)) return INVALID;
  return negative ? -value : value;
}

export type DateSystem = '1900' | '1904';

export interface ParsedDate {
  year: number;
  month: number;
  day: number;
}

const MS_PER_DAY = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30); // serial 1 = 1900-01-01 once Lotus's phantom 29 Feb 1900 is accounted for
const EPOCH_1904 = Date.UTC(1904, 0, 1); // serial 0 = 1904-01-01
/** Largest serial Excel accepts (9999-12-31). */
const MAX_SERIAL = 2_958_465;

export function isSerialNumber(raw: string): boolean {
  return /^\s*\d{1,7}(?:\.\d+)?\s*$/.test(raw);
}

export function serialToDate(serial: number, system: DateSystem): ParsedDate | null {
  if (!(serial >= 1 && serial <= MAX_SERIAL)) return null;
  const whole = Math.floor(serial);
  const time = system === '1904' ? EPOCH_1904 + whole * MS_PER_DAY : EPOCH_1900 + (whole < 60 ? whole + 1 : whole) * MS_PER_DAY;
  const date = new Date(time);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

function validDate(year: number, month: number, day: number): ParsedDate | null {
  if (!(month >= 1 && month <= 12 && day >= 1 && year >= 1000 && year <= 9999)) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : null;
}

function fullYear(year: string): number {
  const value = Number(year);
  if (year.length > 2) return value;
  return value < 70 ? 2000 + value : 1900 + value;
}

const US_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T].*)?$/;
const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/;
const NAMED_DATE = /^(?:[a-z]+,?\s+)?([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})/i; // Oct 13, 2014 / Monday, October 13 2014
const DAY_NAMED_DATE = /^(\d{1,2})[\s-]([a-z]{3,9})[\s-](\d{4}|\d{2})$/i; // 13-Oct-2014

/** A date in M/D/YYYY, MM/DD/YY, YYYY-MM-DD[Thh:mm], 'Oct 13, 2014', '13-Oct-14' or serial form; blank → null. */
export function parseDate(raw: string, system: DateSystem): ParsedDate | null | Invalid {
  const text = raw.trim();
  if (isBlank(text)) return null;
  let match = US_DATE.exec(text);
  if (match) return validDate(fullYear(match[3]!), Number(match[1]), Number(match[2])) ?? INVALID;
  match = ISO_DATE.exec(text);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3])) ?? INVALID;
  if (isSerialNumber(text)) return serialToDate(Number(text), system) ?? INVALID;
  match = NAMED_DATE.exec(text);
  if (match) {
    const month = MONTHS[match[1]!.toLowerCase().slice(0, match[1]!.toLowerCase().startsWith('sept') ? 4 : 3)];
    return (month && validDate(Number(match[3]), month, Number(match[2]))) || INVALID;
  }
  match = DAY_NAMED_DATE.exec(text);
  if (match) {
    const month = MONTHS[match[2]!.toLowerCase().slice(0, 3)];
    return (month && validDate(fullYear(match[3]!), month, Number(match[1]))) || INVALID;
  }
  return INVALID;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

export function formatUsDate(date: ParsedDate): string {
  return `${pad2(date.month)}/${pad2(date.day)}/${date.year}`;
}

export function formatIsoDate(date: ParsedDate): string {
  return `${date.year}-${pad2(date.month)}-${pad2(date.day)}`;
}

/** 'MM/DD/YYYY' (as records hold dates) → 'YYYY-MM-DD'; anything else → null. */
export function usDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

const STATE_CODES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT',
  delaware: 'DE', districtofcolumbia: 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL',
  indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD',
  massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT',
  nebraska: 'NE', nevada: 'NV', newhampshire: 'NH', newjersey: 'NJ', newmexico: 'NM', newyork: 'NY',
  northcarolina: 'NC', northdakota: 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA',
  rhodeisland: 'RI', southcarolina: 'SC', southdakota: 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT',
  virginia: 'VA', washington: 'WA', westvirginia: 'WV', wisconsin: 'WI', wyoming: 'WY', puertorico: 'PR',
};

/** 'co', 'Colorado', 'CO ' → 'CO'; unknown text is upper-cased as given. */
export function stateCode(raw: string): string {
  const text = raw.trim();
  if (text.length === 2) return text.toUpperCase();
  return STATE_CODES[text.toLowerCase().replace(/[^a-z]/g, '')] ?? text.toUpperCase();
}

const LEVEL_PATTERNS: [RegExp, (typeof LEVELS_OPTIONS)[number]][] = [
  [/^(?:1|one|one story|1 story|single story|ranch|1 level|one level|single level|1-story)$/, 'One'],
  [/^(?:2|two|two story|2 story|2 level|two level|2-story)$/, 'Two'],
  [/^(?:3\+?|three|three or more|3 story|3\+ story|three story|3 or more|3 level|4|4\+)$/, 'Three Or More'],
  [/^bi[- ]?level|^split entry|^split foyer|^sfoyer|^raised ranch/, 'Bi-Level'],
  [/^tri[- ]?level/, 'Tri-Level'],
  [/^(?:multi|split|quad|s ?lvl)/, 'Multi/Split'],
];

/** Map the many spellings of storeys onto the spec's Levels options; text we cannot place is kept as written. */
export function normalizeLevels(raw: string): string {
  const text = raw.trim();
  const key = text.toLowerCase().replace(/[\s_]+/g, ' '); // "One_Story" as some exports write it
  for (const option of LEVELS_OPTIONS) if (option.toLowerCase() === key) return option;
  for (const [pattern, option] of LEVEL_PATTERNS) if (pattern.test(key)) return option;
  return text;
}
