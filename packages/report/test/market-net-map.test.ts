import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import sharp from 'sharp';
import { migrateCmaState, toSavedState } from '@cma/cma';
import { buildReportInput, pageChoiceFromList, renderReportPdf } from '../src/index';
import { layoutPins, placeLabels, tileView, worldPixel } from '../src/map-layout';
import { REPORT_MAP_SIZE, reportMapPins } from '../src/report-map';
import { pagePng, pdfText } from './pdf-tools';

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8'));
type Row = Record<string, unknown>;
const loaded: Row[] = [
  ...sample.comaparables,
  ...sample.comaparables.map((c: Row, i: number) => ({ ...c, 'Listing Id': `A${i}`, MLS: 'Active', 'Close Date': '', 'Net Sales Price': '', 'Close Price': '', propertyImages: [] })),
];
const pages = (ids: string[]) => pageChoiceFromList(ids.join(','));

describe('market statistics page', () => {
  it("prints the area's figures, each with the listings behind it", async () => {
    const state = { ...sample, allCsvData: loaded, report_data: { ...sample.report_data, pages: pages(['market-statistics', 'notes']), marketArea: { kind: 'zip' } } };
    const input = buildReportInput(state);
    // The sample's 6 comparables closed in the window; 6 active copies of them are loaded too.
    expect(input.marketStats.closedSales).toBe(6);
    expect(input.marketStats.counts).toEqual({ active: 6, pending: 0, closed: 6, basedOn: 12 });
    const text = pdfText(await renderReportPdf(input));
    expect(text).toContain('Market Statistics');
    expect(text).toContain('Zip code 80220: 12 loaded listings');
    expect(text).toMatch(/MONTHS OF SUPPLY .*12 .*Based on 12 listings/);
    expect(text).not.toContain('Comparable Sales');
    expect(text).toContain('Closed Sales per Month');
  });

  it('says Not Available for a figure the listings cannot support', async () => {
    const bare = sample.comaparables.map((c: Row) => ({ ...c, MLS: '', 'Day on market': '', 'List Price': '' }));
    const input = buildReportInput({ ...sample, comaparables: bare, report_data: { ...sample.report_data, pages: pages(['market-statistics', 'notes']) } });
    expect(input.marketStats.medianDaysOnMarket).toBeNull();
    const text = pdfText(await renderReportPdf(input));
    expect(text).toMatch(/MEDIAN DAYS ON MARKET .*Not Available .*The listings do not carry what it needs/);
  });
});

describe('seller net sheet', () => {
  it('prints net proceeds at the low, suggested and high price from the saved inputs', async () => {
    const state = {
      ...sample,
      range: { start: 800000, end: 850000 },
      report_data: { ...sample.report_data, pages: pages(['net-sheet', 'notes']), netSheet: { commissionPercent: 5, closingCosts: 3000, concessions: 0, mortgagePayoff: 400000, otherCosts: 1000 } },
    };
    const input = buildReportInput(state);
    // 800,000 − 40,000 − 3,000 − 400,000 − 1,000 = 356,000; 850,000 − 42,500 − 404,000 = 403,500
    expect(input.netSheet!.columns.map((c) => c.netProceeds)[0]).toBe(356000);
    expect(input.netSheet!.columns.map((c) => c.netProceeds)[2]).toBe(403500);
    const text = pdfText(await renderReportPdf(input));
    expect(text).toContain('Estimated Seller Net Proceeds');
    expect(text).toContain('Commission (5%)');
    expect(text).toContain('$ 356,000');
    expect(text).toContain('$ 403,500');
  });

  it('is kept in the saved state and an old state without it still restores', () => {
    const saved = toSavedState(migrateCmaState({ ...sample, report_data: { ...sample.report_data, netSheet: { commissionPercent: 4.5 } } }));
    expect((saved.report_data as Row).netSheet).toEqual({ commissionPercent: 4.5 });
    const old = buildReportInput({ ...sample, range: { start: 800000, end: 850000 } });
    expect(old.netSheet!.inputs).toEqual({ commissionPercent: 6, closingCosts: 0, concessions: 0, mortgagePayoff: 0, otherCosts: 0 });
  });
});

describe('report map', () => {
  it('fits every pin in the view with its padding, at the highest zoom that does', () => {
    const pins = reportMapPins(buildReportInput(sample));
    const view = tileView(pins, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height)!;
    for (const p of pins) {
      const { x, y } = view.project(p);
      expect(x).toBeGreaterThanOrEqual(40 - 1e-6);
      expect(x).toBeLessThanOrEqual(REPORT_MAP_SIZE.width - 40 + 1e-6);
      expect(y).toBeGreaterThanOrEqual(40 - 1e-6);
      expect(y).toBeLessThanOrEqual(REPORT_MAP_SIZE.height - 40 + 1e-6);
    }
    const closer = tileView(pins, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height, 40)!;
    expect(closer.zoom).toBeLessThan(17);
    // One zoom level more would not fit.
    const px = pins.map((p) => worldPixel(p, view.zoom + 1));
    const span = Math.max(...px.map((p) => p.x)) - Math.min(...px.map((p) => p.x));
    const spanY = Math.max(...px.map((p) => p.y)) - Math.min(...px.map((p) => p.y));
    expect(span > REPORT_MAP_SIZE.width - 80 || spanY > REPORT_MAP_SIZE.height - 80).toBe(true);
  });

  it('covers the view with tiles, twice as many pixels at scale 2', () => {
    const view = tileView(reportMapPins(buildReportInput(sample)), 540, 300)!;
    for (const scale of [1, 2] as const) {
      const tiles = view.tiles(scale);
      expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
      expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(0);
      expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(540 * scale);
      expect(Math.max(...tiles.map((t) => t.top + 256))).toBeGreaterThanOrEqual(300 * scale);
      expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([view.zoom + scale - 1]));
    }
  });

  it('never lets two price labels overlap', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ lat: fc.double({ min: 39.73, max: 39.7305, noNaN: true }), lon: fc.double({ min: -104.93, max: -104.9295, noNaN: true }), price: fc.integer({ min: 100_000, max: 9_000_000 }) }), { minLength: 1, maxLength: 13 }), (points) => {
        const pins = points.map((p, i) => ({ id: String(i), number: i === 0 ? 'S' : String(i), price: p.price, lat: p.lat, lon: p.lon, subject: i === 0 }));
        const view = tileView(pins, 540, 300)!;
        const placed = layoutPins(pins, view.project);
        for (let i = 0; i < placed.length; i++)
          for (let j = i + 1; j < placed.length; j++) {
            const a = placed[i]!;
            const b = placed[j]!;
            const apart = Math.abs(a.labelX - b.labelX) * 2 >= a.labelWidth + b.labelWidth || Math.abs(a.labelY - b.labelY) * 2 >= a.labelHeight + b.labelHeight;
            expect(apart).toBe(true);
          }
      }),
      { numRuns: 80 },
    );
    expect(placeLabels([{ id: 'a', x: 10, y: 10, width: 20, height: 10 }]).get('a')).toEqual({ x: 10, y: 10, moved: false });
  });

  it('keeps labels inside the drawing while there is room, and still apart when there is none', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ x: fc.integer({ min: 0, max: 540 }), y: fc.integer({ min: 0, max: 300 }) }), { minLength: 1, maxLength: 10 }), (points) => {
        const labels = points.map((p, i) => ({ id: String(i), ...p, width: 64, height: 16 }));
        const spots = placeLabels(labels, { width: 540, height: 300 });
        for (const label of labels) {
          const spot = spots.get(label.id)!;
          expect(spot.x - 32).toBeGreaterThanOrEqual(0);
          expect(spot.x + 32).toBeLessThanOrEqual(540);
          expect(spot.y - 8).toBeGreaterThanOrEqual(0);
          expect(spot.y + 8).toBeLessThanOrEqual(300);
        }
      }),
      { numRuns: 80 },
    );
    // An edge point's label moves inward (and says it moved, for a leader line).
    expect(placeLabels([{ id: 'edge', x: 2, y: 150, width: 64, height: 16 }], { width: 540, height: 300 }).get('edge')).toMatchObject({ moved: true });
    // Three labels that cannot fit a 10 × 10 drawing: placed anyway, apart.
    const crowded = placeLabels(['a', 'b', 'c'].map((id) => ({ id, x: 5, y: 5, width: 20, height: 10 })), { width: 10, height: 10 });
    const [a, b, c] = ['a', 'b', 'c'].map((id) => crowded.get(id)!);
    for (const [p, q] of [[a, b], [a, c], [b, c]] as const) expect(Math.abs(p!.x - q!.x) >= 20 || Math.abs(p!.y - q!.y) >= 10).toBe(true);
  });

  it('draws the street map image under numbered price pins, with the attribution', async () => {
    const input = buildReportInput({ ...sample, report_data: { ...sample.report_data, pages: pages(['map', 'notes']) } });
    // A plain green 'tile' image: what matters is that the page shows the image, the pins and the attribution.
    const png = await sharp({ create: { width: 1080, height: 600, channels: 3, background: { r: 40, g: 200, b: 40 } } }).png().toBuffer();
    input.mapImage = { src: `data:image/png;base64,${png.toString('base64')}`, attribution: '© OpenStreetMap contributors' };
    const pdf = await renderReportPdf(input);
    const text = pdfText(pdf);
    expect(text).toContain('© OpenStreetMap contributors');
    expect(text).toContain('1 $812k');
    const { data, info } = await sharp(pagePng(pdf, 1, 40)).raw().toBuffer({ resolveWithObject: true });
    let green = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! < 80 && data[i + 1]! > 160 && data[i + 2]! < 80) green++;
    expect(green / (info.width * info.height)).toBeGreaterThan(0.15);
  });

  it('falls back to the offline drawing with the same price pins when there is no map image', async () => {
    const input = buildReportInput({ ...sample, report_data: { ...sample.report_data, pages: pages(['map', 'notes']) } });
    const text = pdfText(await renderReportPdf(input));
    expect(text).toContain('Relative positions and straight-line distances');
    expect(text).toContain('3 $905k');
    expect(text).not.toContain('OpenStreetMap');
  });
});
