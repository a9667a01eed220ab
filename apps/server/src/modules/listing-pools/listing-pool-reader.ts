// Reads a listing pool upload, { "hash": "…", "listings": [ {…}, … ] }, from JSON bytes fed in pieces (decision 3001).
// Each listing is framed by a byte scanner (strings, escapes and nesting tracked across pieces), checked against the
// per-listing size cap while its bytes arrive, then parsed alone and validated alone; reading stops at the first
// listing over the cap or past the count cap. Nothing but the listing being read is held; its bytes go to `onListing`.
import {
  LISTING_POOL_LISTING_TOO_LARGE_MESSAGE, LISTING_POOL_TOO_MANY_MESSAGE, listingPoolDocument, listingPoolRecord,
} from '@cma/contracts';
import type { ValidationIssue } from '../../http/errors';
import { findNulField, NUL_CHARACTER_MESSAGE } from '../../http/text-guard';

export const NOT_A_POOL_MESSAGE = 'The listings must be sent as a JSON object { hash, listings }.';
const LISTINGS_NOT_A_LIST_MESSAGE = 'listings must be a list of listings.';
/** A key or the hash is never longer; anything longer is not a pool. */
const MAX_SMALL_VALUE_BYTES = 1024;

/** Why an upload was refused: the issues of a 422 (field paths from the document's root). */
export class PoolBodyError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues[0]?.message ?? NOT_A_POOL_MESSAGE);
    this.name = 'PoolBodyError';
  }
}

const fail = (path: PropertyKey[], message: string): never => {
  throw new PoolBodyError([{ path, message }]);
};
/** `offset` counts from 0; the message counts bytes as a person does, from 1. */
const notJson = (offset: number): never => fail([], `The listings are not valid JSON (at byte ${(offset + 1).toLocaleString('en-US')}).`);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isOpen = (c: number) => c === 0x7b || c === 0x5b;
const isClose = (c: number) => c === 0x7d || c === 0x5d;

/**
 * The bytes of one JSON value, gathered across pieces. It knows where the value ends (the bracket closing its first,
 * the quote closing its string, the delimiter after a number or literal); JSON.parse judges the rest.
 */
class ValueFrame {
  private parts: Buffer[] = [];
  length = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private kind: 'container' | 'string' | 'scalar' | undefined;

  constructor(
    private readonly limit: number,
    private readonly keep: boolean,
    private readonly onTooLong: () => never,
  ) {}

  /** Takes bytes of `chunk` from `from` on; the index just after the value's last byte, or -1 when the piece ended first. */
  feed(chunk: Buffer, from: number): number {
    const end = this.scan(chunk, from);
    const stop = end === -1 ? chunk.length : end;
    this.length += stop - from;
    if (this.length > this.limit) this.onTooLong();
    if (this.keep && stop > from) this.parts.push(chunk.subarray(from, stop));
    return end;
  }

  /** The value's text once it is complete. */
  text(): string {
    return this.parts.length === 1 ? this.parts[0]!.toString('utf8') : Buffer.concat(this.parts, this.length).toString('utf8');
  }

  /** Its bytes, as sent when they are valid UTF-8 (a replacement character means they were not: sent as decoded). */
  bytes(text: string): Buffer {
    if (text.includes('\ufffd')) return Buffer.from(text, 'utf8');
    return this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.length);
  }

  private scan(chunk: Buffer, from: number): number {
    let i = from;
    if (this.kind === undefined) {
      const first = chunk[i]!;
      this.kind = isOpen(first) ? 'container' : first === QUOTE ? 'string' : 'scalar';
      if (this.kind === 'string') {
        this.inString = true;
        i++;
      }
    }
    if (this.kind === 'scalar') {
      while (i < chunk.length) {
        const c = chunk[i]!;
        if (c === 0x2c || isClose(c) || isSpace(c)) return i;
        i++;
      }
      return -1;
    }
    while (i < chunk.length) {
      if (this.inString) {
        const after = this.stringEnd(chunk, i);
        if (after === -1) return -1;
        this.inString = false;
        if (this.kind === 'string') return after;
        i = after;
        continue;
      }
      const c = chunk[i]!;
      if (c === QUOTE) this.inString = true;
      else if (isOpen(c)) this.depth++;
      else if (isClose(c) && --this.depth === 0) return i + 1;
      i++;
    }
    return -1;
  }

  /** Inside a string: the index after its closing quote, or -1 when the piece ends first (an escape may carry over). */
  private stringEnd(chunk: Buffer, from: number): number {
    let i = from;
    if (this.escaped) {
      this.escaped = false;
      i++;
    }
    for (;;) {
      if (i >= chunk.length) return -1;
      const quote = chunk.indexOf(QUOTE, i);
      const stop = quote === -1 ? chunk.length : quote;
      let backslashes = 0;
      for (let b = stop - 1; b >= i && chunk[b] === BACKSLASH; b--) backslashes++;
      if (quote === -1) {
        this.escaped = backslashes % 2 === 1;
        return -1;
      }
      if (backslashes % 2 === 0) return quote + 1;
      i = quote + 1;
    }
  }
}

type Phase =
  | 'begin' | 'first-key' | 'key' | 'colon' | 'value' | 'hash' | 'skip' | 'first-listing' | 'listing' | 'after-listing'
  | 'next-listing' | 'after-member' | 'next-key' | 'end';

export interface ListingPoolReaderLimits {
  maxListings: number;
  maxListingBytes: number;
}

export interface ListingPoolRead {
  hash: string;
  count: number;
}

export interface ListingPoolReader {
  /** The next piece of the JSON text; throws PoolBodyError at the first thing that makes the upload unacceptable. */
  write(chunk: Buffer): void;
  /** The text is complete: the hash and how many listings were read, or PoolBodyError. */
  end(): ListingPoolRead;
}

/** A reader handing each valid listing's JSON bytes, in order, to `onListing`. */
export function createListingPoolReader(limits: ListingPoolReaderLimits, onListing: (json: Buffer, index: number) => void): ListingPoolReader {
  let phase: Phase = 'begin';
  let offset = 0; // bytes of the text before the current piece
  let frame: ValueFrame | null = null;
  let key = '';
  let hash: unknown;
  let sawListings = false;
  let count = 0;

  const smallValue = () => new ValueFrame(MAX_SMALL_VALUE_BYTES, true, () => fail([], NOT_A_POOL_MESSAGE));
  const parse = (text: string, at: number, path?: PropertyKey[]): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return path ? fail(path, 'This listing is not valid JSON.') : notJson(at);
    }
  };

  function acceptListing(listing: ValueFrame, at: number): void {
    const index = count++;
    const text = listing.text();
    const value = parse(text, at, ['listings', index]);
    const checked = listingPoolRecord.safeParse(value);
    if (!checked.success) throw new PoolBodyError(checked.error.issues.map((issue) => ({ path: ['listings', index, ...issue.path], message: issue.message })));
    if (text.includes('\\u0000')) {
      const field = findNulField(value, ['listings', String(index)]);
      if (field !== undefined) fail(field.split('.'), NUL_CHARACTER_MESSAGE);
    }
    onListing(listing.bytes(text), index);
  }

  function write(chunk: Buffer): void {
    let i = 0;
    // A byte-order mark before the text is not part of it.
    if (offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
    while (i < chunk.length) {
      const at = offset + i;
      if (frame) {
        const start = at - frame.length;
        const after = frame.feed(chunk, i);
        if (after === -1) break;
        i = after;
        const done = frame;
        frame = null;
        if (phase === 'key') {
          const parsed = parse(done.text(), start);
          if (typeof parsed !== 'string') notJson(start);
          key = parsed as string;
          phase = 'colon';
        } else if (phase === 'hash') {
          hash = parse(done.text(), start);
          phase = 'after-member';
        } else if (phase === 'listing') {
          acceptListing(done, start);
          phase = 'after-listing';
        } else phase = 'after-member'; // a member the pool does not use, read past
        continue;
      }
      const c = chunk[i]!;
      if (isSpace(c)) {
        i++;
        continue;
      }
      switch (phase) {
        case 'begin':
          if (c !== 0x7b) fail([], NOT_A_POOL_MESSAGE);
          phase = 'first-key';
          i++;
          break;
        case 'first-key':
        case 'next-key':
          if (c === 0x7d && phase === 'first-key') {
            phase = 'end';
            i++;
          } else if (c === QUOTE) {
            frame = smallValue();
            phase = 'key';
          } else notJson(at);
          break;
        case 'colon':
          if (c !== 0x3a) notJson(at);
          phase = 'value';
          i++;
          break;
        case 'value':
          if (key === 'listings') {
            if (sawListings) fail(['listings'], 'listings is given twice.');
            if (c !== 0x5b) fail(['listings'], LISTINGS_NOT_A_LIST_MESSAGE);
            sawListings = true;
            phase = 'first-listing';
            i++;
          } else if (key === 'hash') {
            frame = smallValue();
            phase = 'hash';
          } else {
            frame = new ValueFrame(Infinity, false, () => fail([], NOT_A_POOL_MESSAGE));
            phase = 'skip';
          }
          break;
        case 'first-listing':
        case 'next-listing':
          if (c === 0x5d && phase === 'first-listing') {
            phase = 'after-member';
            i++;
            break;
          }
          // The listing past the cap is refused at its first byte: nothing after it is read.
          if (count >= limits.maxListings) fail(['listings'], LISTING_POOL_TOO_MANY_MESSAGE);
          frame = new ValueFrame(limits.maxListingBytes, true, () => fail(['listings', count], LISTING_POOL_LISTING_TOO_LARGE_MESSAGE));
          phase = 'listing';
          break;
        case 'after-listing':
          if (c === 0x2c) phase = 'next-listing';
          else if (c === 0x5d) phase = 'after-member';
          else notJson(at);
          i++;
          break;
        case 'after-member':
          if (c === 0x2c) phase = 'next-key';
          else if (c === 0x7d) phase = 'end';
          else notJson(at);
          i++;
          break;
        default:
          notJson(at);
      }
    }
    offset += chunk.length;
  }

  return {
    write,
    end() {
      if (phase !== 'end') return offset === 0 ? fail([], NOT_A_POOL_MESSAGE) : notJson(offset);
      if (!sawListings) fail(['listings'], LISTINGS_NOT_A_LIST_MESSAGE);
      const checked = listingPoolDocument.shape.hash.safeParse(hash);
      if (!checked.success) throw new PoolBodyError(checked.error.issues.map((issue) => ({ path: ['hash', ...issue.path], message: issue.message })));
      return { hash: checked.data, count };
    },
  };
}
