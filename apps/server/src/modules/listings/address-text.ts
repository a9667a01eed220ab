// Pure address text handling for the listing search index: normalisation, terms, spelling-correction keys and
// edit distance. The same function normalises stored addresses and typed queries, so "Street"/"St" match.

const ABBREVIATIONS: Record<string, string> = {
  street: 'st', str: 'st', avenue: 'ave', av: 'ave', road: 'rd', drive: 'dr', boulevard: 'blvd', boul: 'blvd',
  lane: 'ln', court: 'ct', circle: 'cir', place: 'pl', parkway: 'pkwy', pky: 'pkwy', terrace: 'ter', trail: 'trl',
  highway: 'hwy', square: 'sq', point: 'pt', heights: 'hts', mountain: 'mtn', crossing: 'xing', loop: 'loop',
  north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
  apartment: 'unit', apt: 'unit', suite: 'unit', ste: 'unit', colorado: 'co', mount: 'mt', saint: 'st',
};

/** 'Unit 5, 1234 N. Main Street, Denver, CO 80202' → '1234 n main st unit 5 denver co 80202' style text (order kept). */
export function normalizeAddress(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, ' unit ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words.map((w) => ABBREVIATIONS[w] ?? w).join(' ');
}

/** The distinct words of a normalised address, as stored in listings.address_terms. */
export function addressTerms(normalized: string): string[] {
  return [...new Set(normalized.split(' ').filter(Boolean))];
}

/** Words shorter than this are matched exactly or by prefix only (one edit in "st" is another word). */
export const MIN_TYPO_LENGTH = 4;

/** The single-character deletions of a word (symmetric-delete spelling correction keys). */
export function deletionKeys(word: string): string[] {
  const keys = new Set<string>();
  for (let i = 0; i < word.length; i++) keys.add(word.slice(0, i) + word.slice(i + 1));
  keys.delete(word);
  return [...keys];
}

/** Optimal-string-alignment distance (insert, delete, substitute, swap neighbours); anything above max is max + 1. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length === 0 || b.length === 0) return Math.min(Math.max(a.length, b.length), max + 1);
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/** How many edits a typed word may be from a stored term. Numbers (house numbers, zips) must be typed right. */
export function allowedEdits(word: string): number {
  if (word.length < MIN_TYPO_LENGTH || /^\d+$/.test(word)) return 0;
  return word.length >= 8 ? 2 : 1;
}

export interface QueryWord {
  word: string;
  /** The last word while the user is still typing it: stored terms starting with it match too. */
  prefix: boolean;
}

/** Splits a typed address into words; the last is a prefix unless the text ends with a separator. */
export function queryWords(text: string, maxWords = 8): QueryWord[] {
  const normalized = normalizeAddress(text);
  const words = addressTerms(normalized).slice(0, maxWords);
  const endsOpen = /[a-z0-9]$/i.test(text.trim()) && !/\s$/.test(text);
  return words.map((word, i) => ({ word, prefix: i === words.length - 1 && endsOpen }));
}

export const MATCH_WEIGHT = { exact: 3, prefix: 2, typo: 1 } as const;
