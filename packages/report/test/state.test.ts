import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { adjustComparable, formatAmount } from '@cma/valuation';
import { CMA_STATE_KEYS, CMA_STATE_VERSION, CmaStateError, migrateCmaState, toSavedState } from '@cma/cma';
import { REPORT_MAX_COMPARABLES, REPORT_MAX_PHOTOS_PER_PROPERTY, ReportLimitError, buildReportInput } from '../src/index';
import { readListingRecord } from '@cma/cma';

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8'));

describe('migrateCmaState: old saved states keep restoring', () => {
  it.each([
    {
      name: 'v0 (no version): pdf_color, range as text, comparables under the old key',
      saved: { pdf_color: '#aa3300', range: '$ 500,000 - $ 550,000', comparables: [{ uuid: 'a' }], clientName: 'Old' },
      expected: { version: CMA_STATE_VERSION, pdfColor: '#aa3300', range: { start: '500000', end: '550000' }, comaparables: [{ uuid: 'a' }], clientName: 'Old' },
    },
    {
      name: 'v1: comparables under the old key',
      saved: { version: 1, pdfColor: '#112233', comparables: [{ uuid: 'b' }], range: { start: 1, end: 2 } },
      expected: { pdfColor: '#112233', comaparables: [{ uuid: 'b' }], range: { start: 1, end: 2 } },
    },
    {
      name: 'current version: kept as saved',
      saved: { version: CMA_STATE_VERSION, pdfColor: '#0070c0', comaparables: [{ uuid: 'c' }], reportName: 'MY CMA' },
      expected: { comaparables: [{ uuid: 'c' }], reportName: 'MY CMA' },
    },
  ])('$name', ({ saved, expected }) => {
    const state = migrateCmaState(JSON.stringify(saved));
    expect(state).toMatchObject(expected);
    // Every spec §3 key is present after migration, with the store's defaults where the save had none.
    for (const key of CMA_STATE_KEYS) expect(state).toHaveProperty(key);
    expect(state).not.toHaveProperty('comparables');
  });

  it('fills the store defaults: report name, colour, empty range', () => {
    const state = migrateCmaState({});
    expect(state.reportName).toBe('COMPARATIVE MARKET ANALYSIS');
    expect(state.pdfColor).toBe('#0070c0');
    expect(state.range).toEqual({ start: '', end: '' });
  });

  it.each([
    ['not JSON', '{oops', 'The report state is not valid JSON.'],
    ['a list', [1, 2], 'The report state must be a JSON object.'],
    ['a newer version', { version: CMA_STATE_VERSION + 1 }, `The report state has version ${CMA_STATE_VERSION + 1}, newer than this app understands (${CMA_STATE_VERSION}).`],
    ['comparables not a list', { comaparables: 'x' }, 'comaparables must be a list.'],
  ])('refuses %s with a clear message', (_name, input, message) => {
    expect(() => migrateCmaState(input)).toThrow(new CmaStateError(message));
  });

  it('round-trips the sample through the saved form', () => {
    const saved = toSavedState(migrateCmaState(sample));
    expect(Object.keys(saved).sort()).toEqual([...CMA_STATE_KEYS, 'version', 'pdfColor'].sort());
    expect(migrateCmaState(JSON.stringify(saved))).toEqual(migrateCmaState(sample));
  });
});

describe('buildReportInput prints engine numbers', () => {
  it('for any subset of the sample comparables, adjusted prices are the engine’s and the range lies within them', () => {
    fc.assert(
      fc.property(fc.subarray(sample.comaparables as Record<string, unknown>[], { minLength: 1 }), fc.constantFrom('#0070c0', '#2e7d32', '#111111'), (comps, colour) => {
        const input = buildReportInput({ ...sample, comaparables: comps, pdfColor: colour });
        const subject = { ...readListingRecord(sample.selectedPropertydata, 'subject'), netSalesPrice: null, listPrice: null };
        comps.forEach((row, i) => {
          const expected = adjustComparable(subject, readListingRecord(row, 'comparable'));
          expect(input.comparables[i]!.adjustedPrice).toBe(expected.adjustedPrice);
          expect(input.comparables[i]!.grossPercent).toBe(expected.grossPercent);
        });
        const prices = input.comparables.map((c) => c.adjustedPrice!);
        expect(input.reconciliation!.value).toBeGreaterThanOrEqual(Math.min(...prices));
        expect(input.reconciliation!.value).toBeLessThanOrEqual(Math.max(...prices));
        expect(input.colour).toBe(colour);
      }),
      { numRuns: 40 },
    );
  });

  it("uses the agent's edited range over the engine's", () => {
    const input = buildReportInput({ ...sample, range: { start: 900000, end: '850,000' } });
    expect(input.range).toEqual({ start: 850000, end: 900000, source: 'agent' });
    expect(formatAmount(input.range!.start)).toBe('$ 850,000');
  });

  it('shows a comparable without a sale price as not adjusted, and leaves it out of the value', () => {
    const comps = [{ ...sample.comaparables[0], 'Net Sales Price': 'Not Available', 'Close Price': 'Not Available' }, sample.comaparables[1]];
    const input = buildReportInput({ ...sample, comaparables: comps });
    expect(input.comparables[0]).toMatchObject({ adjusted: false, adjustedPrice: null });
    expect(input.comparables[0]!.problem).toMatch(/no net sales price/);
    expect(input.reconciliation!.weights).toHaveLength(1);
    expect(input.warnings.some((w) => w.includes('is shown but not adjusted'))).toBe(true);
  });

  it('applies cell overrides and switched-off categories from adjustment_formulas', () => {
    const uuid = sample.comaparables[0].uuid as string;
    const plain = buildReportInput({ ...sample, comaparables: [sample.comaparables[0]] }).comparables[0]!;
    const edited = buildReportInput({
      ...sample,
      comaparables: [sample.comaparables[0]],
      adjustment_formulas: { cells: { [uuid]: { 'year-built': { amount: 12345 } } }, disabledCategories: ['kitchen-condition'] },
    }).comparables[0]!;
    const line = (c: typeof plain, style: string) => c.adjustments.find((a) => a.style === style)!;
    expect(line(edited, 'year-built').amount).toBe(12345);
    expect(line(edited, 'kitchen-condition')).toMatchObject({ amount: 0, status: 'disabled' });
    expect(edited.adjustedPrice).toBe(plain.adjustedPrice! - line(plain, 'year-built').amount - line(plain, 'kitchen-condition').amount + 12345);
  });

  it("drops photos React-PDF cannot draw and never fetches remote ones", () => {
    const input = buildReportInput({ ...sample, base64Images: ['https://example.com/a.jpg', 'data:image/webp;base64,AAAA', sample.base64Images[0]] });
    expect(input.subject.photos[0]).toBe(sample.base64Images[0]);
    expect(input.subject.photos.every((p) => /^data:image\/(png|jpe?g);base64,/.test(p))).toBe(true);
  });
});

describe('buildReportInput caps what one report takes (render time grows with each comparable and photo)', () => {
  const comparables = (n: number) => Array.from({ length: n }, (_, i) => ({ ...sample.comaparables[i % sample.comaparables.length], uuid: `comp-${i}` }));
  // Distinct tiny JPEG data URLs (the report keeps one of each).
  const photos = (n: number) => Array.from({ length: n }, (_, i) => `data:image/jpeg;base64,${Buffer.from(`photo ${i}`).toString('base64')}`);
  const refusal = (state: unknown) => {
    try {
      buildReportInput(state);
    } catch (error) {
      return error;
    }
    throw new Error('expected a refusal');
  };

  it(`takes ${REPORT_MAX_COMPARABLES} comparables and refuses one more, naming the comparables list`, () => {
    expect(buildReportInput({ ...sample, comaparables: comparables(REPORT_MAX_COMPARABLES) }).comparables).toHaveLength(REPORT_MAX_COMPARABLES);
    const error = refusal({ ...sample, comaparables: comparables(300) });
    expect(error).toBeInstanceOf(ReportLimitError);
    expect(error).toMatchObject({ field: 'comaparables', message: `A report can have at most ${REPORT_MAX_COMPARABLES} comparables; this one has 300.` });
  });

  it(`takes ${REPORT_MAX_PHOTOS_PER_PROPERTY} photos per property and refuses more, naming the property's photo list`, () => {
    const many = photos(REPORT_MAX_PHOTOS_PER_PROPERTY + 5);
    const fits = buildReportInput({ ...sample, base64Images: many.slice(0, REPORT_MAX_PHOTOS_PER_PROPERTY), comaparables: [{ ...sample.comaparables[0], propertyImages: many.slice(0, REPORT_MAX_PHOTOS_PER_PROPERTY) }] });
    expect(fits.subject.photos).toHaveLength(REPORT_MAX_PHOTOS_PER_PROPERTY);
    // The same photo listed twice counts once; remote URLs are dropped and not counted.
    const repeated = [...many.slice(0, REPORT_MAX_PHOTOS_PER_PROPERTY), ...many.slice(0, 10), ...Array.from({ length: 50 }, (_, i) => `https://example.com/${i}.jpg`)];
    expect(buildReportInput({ ...sample, base64Images: repeated }).subject.photos).toHaveLength(REPORT_MAX_PHOTOS_PER_PROPERTY);

    expect(refusal({ ...sample, base64Images: many })).toMatchObject({
      field: 'base64Images',
      message: `The subject property has ${many.length} photos; a report can show at most ${REPORT_MAX_PHOTOS_PER_PROPERTY} per property.`,
    });
    const comps = comparables(3);
    comps[2] = { ...comps[2], propertyImages: many };
    expect(refusal({ ...sample, comaparables: comps })).toMatchObject({
      field: 'comaparables.2.propertyImages',
      message: `Comparable 3 has ${many.length} photos; a report can show at most ${REPORT_MAX_PHOTOS_PER_PROPERTY} per property.`,
    });
  });
});

