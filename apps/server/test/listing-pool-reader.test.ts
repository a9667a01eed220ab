import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createListingPoolReader, NOT_A_POOL_MESSAGE, PoolBodyError } from '../src/modules/listing-pools/listing-pool-reader';

const HASH = 'a1b2c3d4e5f60718';
const LIMITS = { maxListings: 5, maxListingBytes: 200 };

/** Feeds `text` cut at `cuts`; the listings read (parsed back from the bytes handed on) and the result, or the refusal. */
function read(text: string | Buffer, cuts: number[] = [], limits = LIMITS) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const listings: unknown[] = [];
  const reader = createListingPoolReader(limits, (json, index) => {
    expect(index).toBe(listings.length);
    listings.push(JSON.parse(json.toString('utf8')));
  });
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  try {
    let from = 0;
    for (const at of [...points, bytes.length]) {
      reader.write(bytes.subarray(from, at));
      from = at;
    }
    return { listings, result: reader.end() };
  } catch (error) {
    if (!(error instanceof PoolBodyError)) throw error;
    return { listings, refused: Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message])) };
  }
}

const jsonText = fc.string({ unit: fc.constantFrom('a', 'é', '"', '\\', '[', ']', '{', '}', ',', ':', ' ', '\n', '\u2028', '😀') });
const listing = fc.record({ uuid: fc.string({ minLength: 1, maxLength: 20 }), Remarks: jsonText, n: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)), tags: fc.array(jsonText, { maxLength: 3 }) });

describe('listing pool reader', () => {
  it('reads every listing exactly as JSON.parse does, however the text is cut into pieces and spaced (property)', () => {
    fc.assert(
      fc.property(fc.array(listing, { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), fc.boolean(), (pool, cuts, spaced, hashLast) => {
        const document = hashLast ? { extra: { a: [1, '}'] }, listings: pool, hash: HASH } : { hash: HASH, listings: pool };
        const text = JSON.stringify(document, null, spaced ? 2 : undefined);
        const { listings, result, refused } = read(text, cuts, { maxListings: 5, maxListingBytes: 10_000 });
        expect(refused).toBeUndefined();
        expect(listings).toEqual(JSON.parse(text).listings);
        expect(result).toEqual({ hash: HASH, count: pool.length });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a string escape that is cut between two pieces', () => {
    const text = `{"hash":"${HASH}","listings":[{"uuid":"a\\\\","b":"x\\"]}"}]}`;
    for (let cut = 0; cut <= text.length; cut++) expect(read(text, [cut]).listings, `cut at ${cut}`).toEqual([{ uuid: 'a\\', b: 'x"]}' }]);
  });

  it.each([
    ['the listing past the count cap, at its first byte', `{"hash":"${HASH}","listings":[${'{"uuid":"u"},'.repeat(5)}{"uuid":`, { listings: 'At most 50,000 listings can be saved with a report.' }, 5],
    ['a listing past the size cap, before it ends', `{"hash":"${HASH}","listings":[{"uuid":"u"},{"uuid":"${'x'.repeat(300)}`, { 'listings.1': 'A listing can be at most 256 KB.' }, 1],
    ['a listing without a uuid', `{"hash":"${HASH}","listings":[{"uuid":"u"},{"id":1}]}`, { 'listings.1.uuid': 'Each listing needs a uuid.' }, 1],
    ['a listing that is not JSON', `{"hash":"${HASH}","listings":[{"uuid":"u",}]}`, { 'listings.0': 'This listing is not valid JSON.' }, 0],
    ['a listing that is not an object', `{"hash":"${HASH}","listings":[7]}`, { 'listings.0': expect.any(String) }, 0],
    ['a bad hash', '{"hash":"zz","listings":[]}', { hash: 'hash must be 16 to 128 hexadecimal characters.' }, 0],
    ['no hash', '{"listings":[]}', { hash: 'hash is required.' }, 0],
    ['listings given twice', `{"hash":"${HASH}","listings":[],"listings":[]}`, { listings: 'listings is given twice.' }, 0],
    ['text after the pool', `{"hash":"${HASH}","listings":[]} x`, { body: 'The listings are not valid JSON (at byte 43).' }, 0],
    ['a number', '42', { body: NOT_A_POOL_MESSAGE }, 0],
    ['nothing', '', { body: NOT_A_POOL_MESSAGE }, 0],
    ['a huge key', `{"${'k'.repeat(2000)}":1}`, { body: NOT_A_POOL_MESSAGE }, 0],
  ])('refuses %s', (_label, text, refused, readBefore) => {
    const outcome = read(text);
    expect(outcome.refused).toEqual(refused);
    expect(outcome.listings).toHaveLength(readBefore);
  });

  it('skips a byte-order mark and hands on valid UTF-8 as sent, invalid UTF-8 as decoded', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`{"hash":"${HASH}","listings":[{"uuid":"é"}]}`)]);
    expect(read(bom).listings).toEqual([{ uuid: 'é' }]);
    const invalid = Buffer.concat([Buffer.from(`{"hash":"${HASH}","listings":[{"uuid":"a`), Buffer.from([0xff]), Buffer.from('"}]}')]);
    const handed: Buffer[] = [];
    const reader = createListingPoolReader(LIMITS, (json) => handed.push(json));
    reader.write(invalid);
    reader.end();
    expect(handed[0]!.toString('utf8')).toBe('{"uuid":"a\ufffd"}');
  });
});
