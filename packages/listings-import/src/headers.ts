// Header row work: finding it under title rows, telling REcolorado from PPAR, and resolving which column feeds
// which field — by alias, or by a mapping the agent made by hand and saved for files with the same headers.

import {
  aliasProfile, fieldLabel, IMPORT_FIELDS, isImportFieldKey, matchHeader, normalizeHeader, REQUIRED_FIELD_GROUPS,
  type CsvType, type ImportFieldKey,
} from './import-fields';
import type { ColumnIndex } from './row-mapper';

/** Header text as it appears in the file → the field it feeds, or null to ignore the column. */
export type ColumnMapping = Record<string, ImportFieldKey | null>;

export interface FormatDetection {
  format: CsvType;
  /** How many headers are spelled the way each MLS spells them. */
  scores: Record<CsvType, number>;
}

/** REcolorado exports use RESO display names, PPAR exports Matrix labels; ties go to REcolorado (the default). */
export function detectFormat(headers: readonly string[]): FormatDetection {
  const scores: Record<CsvType, number> = { ReColorado: 0, PPAR: 0 };
  for (const header of headers) {
    const profile = aliasProfile(header);
    if (profile) scores[profile] += 1;
  }
  return { format: scores.PPAR > scores.ReColorado ? 'PPAR' : 'ReColorado', scores };
}

/** The mapping our aliases suggest: every header gets its field, or null when we do not know the spelling. */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<ImportFieldKey>();
  for (const header of headers) {
    if (Object.prototype.hasOwnProperty.call(mapping, header)) continue;
    const key = matchHeader(header);
    mapping[header] = key && !taken.has(key) ? key : null;
    if (key) taken.add(key);
  }
  return mapping;
}

/** A short stable key for a header row (case, spacing and punctuation ignored), to save a mapping against. */
export function headerSignature(headers: readonly string[]): string {
  let hash = 0x811c9dc5;
  const text = headers.map(normalizeHeader).join('|');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${headers.length}-${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

export interface ResolvedColumns {
  columns: ColumnIndex;
  /** The mapping in effect: every header → its field or null. */
  mapping: ColumnMapping;
  /** Required fields (first key of each unmet group of REQUIRED_FIELD_GROUPS) no column feeds. */
  unmappedRequired: ImportFieldKey[];
}

/** Decide each column's field: the hand-made mapping first (matched case/punctuation-insensitively), then aliases. */
export function resolveColumns(headers: readonly string[], mapping?: ColumnMapping): ResolvedColumns {
  const columns = Object.fromEntries(IMPORT_FIELDS.map((field) => [field.key, -1])) as ColumnIndex;
  const explicit = new Map<string, ImportFieldKey | null>();
  for (const [header, key] of Object.entries(mapping ?? {})) {
    if (key === null || isImportFieldKey(key)) explicit.set(normalizeHeader(header), key);
  }
  const assigned: (ImportFieldKey | null | undefined)[] = headers.map((header) => explicit.get(normalizeHeader(header)));
  headers.forEach((_header, index) => {
    const key = assigned[index];
    if (key && columns[key] < 0) columns[key] = index;
    else if (key) assigned[index] = null; // the same field mapped twice: the first column wins
  });
  headers.forEach((header, index) => {
    if (assigned[index] !== undefined) return;
    const key = matchHeader(header);
    if (key && columns[key] < 0) {
      columns[key] = index;
      assigned[index] = key;
    } else {
      assigned[index] = null;
    }
  });
  const effective: ColumnMapping = {};
  headers.forEach((header, index) => {
    if (!Object.prototype.hasOwnProperty.call(effective, header)) effective[header] = assigned[index] ?? null;
  });
  const unmappedRequired = REQUIRED_FIELD_GROUPS.filter((group) => group.every((key) => columns[key] < 0)).map((group) => group[0]!);
  return { columns, mapping: effective, unmappedRequired };
}

export function describeRequired(keys: readonly ImportFieldKey[]): string {
  return keys
    .map((key) => {
      const group = REQUIRED_FIELD_GROUPS.find((candidate) => candidate[0] === key) ?? [key];
      return group.map(fieldLabel).join(' or ');
    })
    .join(', ');
}

export const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof CANDIDATE_DELIMITERS)[number];

/** Split one line into cells, honouring double quotes (enough to score candidate header rows). */
export function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

export interface HeaderLocation {
  lineIndex: number;
  delimiter: Delimiter;
  score: number;
}

/**
 * The line (among the first few) and delimiter under which the most cells are known headers. Title rows
 * ("Sold listings, exported 03/01/2024") score low and are skipped. Falls back to the first non-blank line
 * and the delimiter that splits it most when no line has two recognisable headers.
 */
export function locateHeader(lines: readonly string[], mapping?: ColumnMapping): HeaderLocation | null {
  const mapped = new Set(Object.entries(mapping ?? {}).filter(([, key]) => key !== null).map(([header]) => normalizeHeader(header)));
  let best: HeaderLocation | null = null;
  lines.forEach((line, lineIndex) => {
    if (!line.trim()) return;
    for (const delimiter of CANDIDATE_DELIMITERS) {
      if (!line.includes(delimiter)) continue;
      let score = 0;
      for (const cell of splitLine(line, delimiter)) {
        if (cell && (matchHeader(cell) || mapped.has(normalizeHeader(cell)))) score += 1;
      }
      if (!best || score > best.score) best = { lineIndex, delimiter, score };
    }
  });
  if (best && (best as HeaderLocation).score >= 2) return best;
  // Unknown headers: the first line that has as many cells as the line after it (title rows rarely do).
  const nonBlank = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.trim().length > 0);
  if (nonBlank.length === 0) return null;
  let fallback: HeaderLocation | null = null;
  let fallbackCells = 1;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    for (let i = 0; i < nonBlank.length; i++) {
      const cells = splitLine(nonBlank[i]!.line, delimiter).length;
      const next = nonBlank[i + 1];
      if (cells >= 2 && (!next || splitLine(next.line, delimiter).length === cells)) {
        if (cells > fallbackCells) {
          fallback = { lineIndex: nonBlank[i]!.index, delimiter, score: 0 };
          fallbackCells = cells;
        }
        break;
      }
    }
  }
  return fallback ?? { lineIndex: nonBlank[0]!.index, delimiter: ',', score: 0 };
}
