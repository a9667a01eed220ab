import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addressTerms, allowedEdits, deletionKeys, editDistance, normalizeAddress, queryWords } from '../src/modules/listings/address-text';

describe('address normalisation', () => {
  it.each([
    ['1234 N. Main Street, Denver, CO 80202', '1234 n main st denver co 80202'],
    ['1234 north main st', '1234 n main st'],
    ['55 Pikes Peak Avenue #4', '55 pikes peak ave unit 4'],
    ['55 Pikes Peak Ave Apt 4', '55 pikes peak ave unit 4'],
    ['  9 Crème  Brûlée   Boulevard ', '9 creme brulee blvd'],
    ['100 Colorado Blvd, Colorado Springs, Colorado', '100 co blvd co springs co'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeAddress(input)).toBe(expected);
  });

  it('keeps each word once', () => {
    expect(addressTerms('1 co blvd co springs co')).toEqual(['1', 'co', 'blvd', 'springs']);
  });

  it('treats the last word as a prefix only while it is being typed', () => {
    expect(queryWords('1234 Mai')).toEqual([{ word: '1234', prefix: false }, { word: 'mai', prefix: true }]);
    expect(queryWords('1234 Main ')).toEqual([{ word: '1234', prefix: false }, { word: 'main', prefix: false }]);
  });
});

describe('edit distance and deletion keys', () => {
  it.each([
    ['main', 'main', 0],
    ['main', 'mian', 1],
    ['main', 'man', 1],
    ['main', 'mains', 1],
    ['main', 'maim', 1],
    ['denver', 'dnevr', 2],
    ['race', 'vine', 3],
  ])('%s ↔ %s = %i', (a, b, d) => {
    expect(editDistance(a, b, 2)).toBe(d);
  });

  it.each([
    ['st', 0],
    ['main', 1],
    ['1234', 0],
    ['80209', 0],
    ['broadmoor', 2],
  ])('allows %s %i edits', (word, edits) => {
    expect(allowedEdits(word)).toBe(edits);
  });

  it('is symmetric', () => {
    fc.assert(fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => editDistance(a, b, 3) === editDistance(b, a, 3)));
  });

  it('any single edit of a word shares a deletion key with it (so the index finds it)', () => {
    const word = fc.stringMatching(/^[a-z]{4,10}$/);
    const edit = fc.tuple(word, fc.nat(), fc.constantFrom('insert', 'delete', 'substitute', 'swap'), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'));
    fc.assert(
      fc.property(edit, ([w, at, kind, letter]) => {
        const i = at % w.length;
        const typed =
          kind === 'insert' ? w.slice(0, i) + letter + w.slice(i)
          : kind === 'delete' ? w.slice(0, i) + w.slice(i + 1)
          : kind === 'substitute' ? w.slice(0, i) + letter + w.slice(i + 1)
          : i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
        const storedKeys = new Set([w, ...deletionKeys(w)]);
        const typedKeys = [typed, ...deletionKeys(typed)];
        return typedKeys.some((k) => storedKeys.has(k));
      }),
    );
  });
});
