// One string per distinct cell text of a column ('Closed', 'Denver', 'Composition' …), so 50,000 records share
// them: fewer live bytes is less garbage-collector copying (whole-file heap 125 → 59 MB for 50,000 records).
// A cell is looked up where it lies in the chunk: its characters are read once, packed four to an int and
// compared as ints, so a repeated text costs no substring, no string hash and no string compare.

import { keepHiddenClass } from './hidden-classes';
import type { RowCells } from './tokenizer';

/** Distinct texts a column may show before we stop sharing its strings (remarks, addresses never repeat). */
const SHARED_TEXT_LIMIT = 1024;
/** V8 cuts substrings of this length or more as views into the whole chunk instead of copying them. */
const MIN_VIEW_LENGTH = 13;
/** Int32 fields per hash slot: the entry's hash, number + 1 (0 = free slot), length and where its packed text starts. */
const SLOT_FIELDS = 4;

/** Text kept across chunks (tables, memos) is copied: a view would pin its whole 1 MB chunk while streaming. */
export function ownCopy(text: string): string {
  return text.length < MIN_VIEW_LENGTH ? text : (' ' + text).slice(1);
}

/** One column's distinct cells, open-addressed; a slot holds all a probe needs, so a lookup touches few cache lines. */
class ColumnTexts {
  slots = new Int32Array(16 * SLOT_FIELDS);
  /** Slot count − 1 (the slot count is a power of two). */
  mask = 15;
  readonly values: string[] = [];
  /** Every entry's text packed four characters to an int, entries back to back. */
  packed = new Int32Array(64);
  packedUsed = 0;

  /** Offset of the slot holding this text, or of the free slot where it belongs. */
  find(hash: number, length: number, cell: Int32Array, groups: number): number {
    const slots = this.slots;
    const mask = this.mask;
    for (let slot = (hash ^ (hash >>> 15)) & mask; ; slot = (slot + 1) & mask) {
      const at = slot * SLOT_FIELDS;
      if (slots[at + 1] === 0) return at;
      if (slots[at] === hash && slots[at + 2] === length && this.samePacked(slots[at + 3]!, cell, groups)) return at;
    }
  }

  add(at: number, hash: number, length: number, cell: Int32Array, groups: number, value: string): void {
    if (this.packedUsed + groups > this.packed.length) {
      const packed = new Int32Array(2 * (this.packedUsed + groups));
      packed.set(this.packed);
      this.packed = packed;
    }
    this.packed.set(cell.subarray(0, groups), this.packedUsed);
    this.slots[at] = hash;
    this.slots[at + 1] = this.values.length + 1;
    this.slots[at + 2] = length;
    this.slots[at + 3] = this.packedUsed;
    this.packedUsed += groups;
    this.values.push(value);
    if (this.values.length * 2 * SLOT_FIELDS > this.slots.length) this.grow();
  }

  /** Twice the slots, every entry placed again: the table stays at most half full. */
  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = 2 * this.mask + 1;
    for (let from = 0; from < old.length; from += SLOT_FIELDS) {
      if (old[from + 1] === 0) continue;
      let slot = (old[from]! ^ (old[from]! >>> 15)) & mask;
      while (slots[slot * SLOT_FIELDS + 1] !== 0) slot = (slot + 1) & mask;
      slots.set(old.subarray(from, from + SLOT_FIELDS), slot * SLOT_FIELDS);
    }
    this.slots = slots;
    this.mask = mask;
  }

  private samePacked(offset: number, cell: Int32Array, groups: number): boolean {
    const packed = this.packed;
    for (let i = 0; i < groups; i++) if (packed[offset + i] !== cell[i]) return false;
    return true;
  }
}

keepHiddenClass(new ColumnTexts());

export class SharedText {
  private readonly columns: (ColumnTexts | null | undefined)[] = [];
  /** The current cell's text, packed. */
  private cell = new Int32Array(64);

  /** `clean` turns a cell's text into the value records hold; it runs once per distinct text of a column. */
  constructor(private readonly clean: (text: string) => string) {}

  /** The cleaned text of a non-empty cell: the same string for every repeat of the cell in its column. */
  get(row: RowCells, column: number): string {
    const table = this.columns[column];
    // A column of (nearly) unique texts, or a cell whose text is not its span (doubled quotes): no sharing.
    if (table === null || row.hasEscapes(column)) return this.clean(row.get(column)!);
    const text = row.text;
    const start = row.starts[column]!;
    const end = row.ends[column]!;
    const length = end - start;
    if (length > 4 * this.cell.length) this.cell = new Int32Array(length);
    const cell = this.cell;
    // Four Latin-1 characters to an int, hashed as we go; `wide` catches any character above 255.
    let hash = length;
    let groups = 0;
    let wide = 0;
    let at = start;
    for (; at + 4 <= end; at += 4) {
      const a = text.charCodeAt(at);
      const b = text.charCodeAt(at + 1);
      const c = text.charCodeAt(at + 2);
      const d = text.charCodeAt(at + 3);
      wide |= a | b | c | d;
      const group = (a << 24) | (b << 16) | (c << 8) | d;
      cell[groups++] = group;
      hash = Math.imul(hash ^ group, 0x01000193);
    }
    if (at < end) {
      let group = 0;
      for (; at < end; at++) {
        const code = text.charCodeAt(at);
        wide |= code;
        group = (group << 8) | code;
      }
      cell[groups++] = group;
      hash = Math.imul(hash ^ group, 0x01000193);
    }
    if (wide > 255) return this.clean(row.get(column)!); // rare in MLS exports: not worth a wider packing
    const columnTexts = table ?? (this.columns[column] = new ColumnTexts());
    const slot = columnTexts.find(hash, length, cell, groups);
    const entry = columnTexts.slots[slot + 1]!;
    if (entry !== 0) return columnTexts.values[entry - 1]!;
    if (columnTexts.values.length >= SHARED_TEXT_LIMIT) {
      this.columns[column] = null;
      return this.clean(row.get(column)!);
    }
    const value = ownCopy(this.clean(row.get(column)!));
    columnTexts.add(slot, hash, length, cell, groups, value);
    return value;
  }
}

keepHiddenClass(new SharedText((text) => text));
