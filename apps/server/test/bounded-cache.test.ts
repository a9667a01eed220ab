import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BoundedCache } from '../src/shared/bounded-cache';

describe('BoundedCache', () => {
  it('evicts the least recently used entries once the weight passes the capacity', () => {
    const cache = new BoundedCache<string, string>(10, (v) => v.length);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa'); // a is now the most recently used
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.weight).toBe(8);
  });

  it('does not keep a value heavier than the whole capacity', () => {
    const cache = new BoundedCache<string, string>(3, (v) => v.length);
    cache.set('big', 'xxxx');
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('replacing a key counts its weight once', () => {
    const cache = new BoundedCache<string, string>(10, (v) => v.length);
    cache.set('a', 'aaaaaa');
    cache.set('a', 'aa');
    expect(cache.weight).toBe(2);
    cache.delete('a');
    expect(cache.weight).toBe(0);
  });

  it('never holds more than its capacity and always returns the latest value of a kept key', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.string({ maxLength: 6 }))), (writes) => {
        const cache = new BoundedCache<number, string>(12, (v) => v.length);
        const latest = new Map<number, string>();
        for (const [key, value] of writes) {
          cache.set(key, value);
          latest.set(key, value);
          expect(cache.weight).toBeLessThanOrEqual(12);
        }
        for (const [key, value] of latest) {
          const kept = cache.get(key);
          if (kept !== undefined) expect(kept).toBe(value);
        }
      }),
    );
  });
});
