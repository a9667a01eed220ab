import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { placePins } from '@cma/report/map-layout';
import { pinText, type MapPoint } from './CompsMap';

const point = (over: Partial<MapPoint>): MapPoint => ({ id: 'x', lat: 39.7, lng: -104.9, label: '1', kind: 'selected', title: '1180 Grape Street', price: 561_000, ...over });

describe('map pins', () => {
  it.each([
    [point({}), '1 $561k'],
    [point({ label: '12', kind: 'candidate', price: 1_250_000 }), '12 $1.25M'],
    [point({ label: '3', price: null }), '3'],
    [point({ label: '', price: 812_000 }), '$812k'],
    [point({ kind: 'subject', label: 'S', price: 700_000 }), 'S'],
  ])('labels %o as %s', (p, text) => {
    expect(pinText(p)).toBe(text);
  });

  it('moves a pin that would cover another, and leaves lone pins where they are', () => {
    const spots = placePins([
      { id: 'S', x: 100, y: 100, r: 13 },
      { id: '1', x: 102, y: 101, r: 12 },
      { id: '2', x: 300, y: 200, r: 12 },
    ]);
    expect(spots.get('S')).toEqual({ x: 100, y: 100, moved: false });
    expect(spots.get('2')).toEqual({ x: 300, y: 200, moved: false });
    const one = spots.get('1')!;
    expect(one.moved).toBe(true);
    expect(Math.hypot(one.x - 100, one.y - 100)).toBeGreaterThanOrEqual(25);
  });

  it('never lets two drawn pins overlap, for any set of up to 40 pins in a small area', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ x: fc.integer({ min: 0, max: 120 }), y: fc.integer({ min: 0, max: 120 }), r: fc.integer({ min: 8, max: 13 }) }), { maxLength: 40 }), (pins) => {
        const input = pins.map((p, i) => ({ id: String(i), ...p }));
        const spots = placePins(input);
        for (let i = 0; i < input.length; i++) {
          for (let j = i + 1; j < input.length; j++) {
            const a = spots.get(String(i))!;
            const b = spots.get(String(j))!;
            expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(input[i]!.r + input[j]!.r);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
