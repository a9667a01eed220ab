import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { CMA_STATE_KEYS, CMA_STATE_VERSION, CmaStateError, derivedKeys, marketModelReadingOf, migrateCmaState, readListingRecord, toSavedState, valueCma, valueSavedCma, type MarketMeasurements, type MarketModelReading } from '../src/index';

const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const now = new Date('2026-11-26T12:00:00Z');
const sampleAdjusted = [829486.8988391376, 876694.8369565217, 821645.4678362573, 848465.7355679702, 855349.0102929533, 835093.9393939395];

// Values recorded with the app before valueCma existed (computeCma for the screens, buildReportInput for the PDF, 2026-11-26).
describe('every saved state restores and values to the number it had before', () => {
  it.each([
    { name: 'saved-v2-sample.json', value: 844161, range: { start: 826000, end: 862000, source: 'engine' }, adjusted: sampleAdjusted },
    {
      name: 'saved-v2-edited.json',
      value: 851072,
      range: { start: 790000, end: 860000, source: 'agent' },
      adjusted: [844368.0815906777, 881441.547428801, 823191.5869327665, 856885.6123646848, 855349.0102929533, null],
    },
    { name: 'saved-v0.json', value: 844161, range: { start: 780000, end: 850000, source: 'agent' }, adjusted: sampleAdjusted },
    { name: 'saved-v1.json', value: 844161, range: { start: 826000, end: 862000, source: 'engine' }, adjusted: sampleAdjusted },
  ])('$name', ({ name, value, range, adjusted }) => {
    const state = migrateCmaState(fixture(name));
    expect(state.version).toBe(CMA_STATE_VERSION);
    for (const key of CMA_STATE_KEYS) expect(state).toHaveProperty(key);
    const valued = valueCma(state, { now });
    expect(valued.value).toBe(value);
    expect(valued.range).toEqual(range);
    expect(valued.comparables.map((c) => c.adjustment?.adjustedPrice ?? null)).toEqual(adjusted);
  });

  it('a comparable without a sale price is shown with the reason and left out of the value', () => {
    const valued = valueSavedCma(fixture('saved-v2-edited.json'), { now });
    const unpriced = valued.comparables[5]!;
    expect(unpriced.adjustment).toBeNull();
    expect(unpriced.problem).toMatch(/no net sales price/);
    expect(valued.reconciliation!.weights.map((w) => w.comparableId)).not.toContain(unpriced.facts.id);
  });
});

describe('migrateCmaState', () => {
  it.each([
    ['not JSON', '{oops', 'The report state is not valid JSON.'],
    ['a list', [1, 2], 'The report state must be a JSON object.'],
    ['a newer version', { version: CMA_STATE_VERSION + 1 }, `The report state has version ${CMA_STATE_VERSION + 1}, newer than this app understands (${CMA_STATE_VERSION}).`],
    ['comparables not a list', { comaparables: 'x' }, 'comaparables must be a list.'],
    ['a comparable not a record', { comaparables: [{ uuid: 'a' }, 7] }, 'comaparables[1] must be a property record.'],
    ['a subject not a record', { selectedPropertydata: 'x' }, 'selectedPropertydata must be a property record.'],
  ])('refuses %s naming the field', (_name, input, message) => {
    expect(() => migrateCmaState(input)).toThrow(new CmaStateError(message));
  });

  it('drops an unreadable market model reading and keeps the rest', () => {
    const state = migrateCmaState({ adjustment_formulas: { monthlyTimeRate: 0.01, marketModel: { estimate: 'lots' } } });
    expect(state.adjustment_formulas).toEqual({ monthlyTimeRate: 0.01 });
  });

  it('is idempotent: a migrated state saved and migrated again is the same document', () => {
    const states = ['saved-v0.json', 'saved-v1.json', 'saved-v2-edited.json'].map(fixture);
    fc.assert(
      fc.property(fc.constantFrom(...states), fc.record({ clientName: fc.string(), reportName: fc.string(), pdf_color: fc.string(), formula_Division_DefaultValue: fc.oneof(fc.integer(), fc.string()) }, { requiredKeys: [] }), (state, extra) => {
        const once = migrateCmaState({ ...state, ...extra });
        expect(migrateCmaState(JSON.parse(JSON.stringify(toSavedState(once))))).toEqual(toSavedState(once));
      }),
      { numRuns: 40 },
    );
  });
});

describe('readListingRecord: the one reader', () => {
  const record = { uuid: 'u1', 'Listing Id': 'L1', 'Net Sales Price': '$ 450,000', 'Close Date': '3/7/2026', 'Public-Remarks': 'Grade 8 home, short sale', selectedAdditionalInfo: { Location: 'Good', Windows: 'Shiny' }, subjectAdditionalInfo: { Location: ['Average'] } };
  it.each([
    ['comparable', { Location: 'Good' }],
    ['subject', { Location: 'Average' }],
  ] as const)('as %s counts its own additional facts (values off the scale dropped)', (role, expected) => {
    expect(readListingRecord(record, role).additionalFacts).toEqual(expected);
  });
  it('reads prices, dates, quality and sale type from the record', () => {
    const facts = readListingRecord(record, 'comparable');
    expect(facts).toMatchObject({ id: 'L1', netSalesPrice: 450000, closeDate: '2026-03-07', quality: 3, saleType: 'short-sale' });
  });
});

describe('derived keys are computed from the document', () => {
  it('checked, listing ids, count, address and the facts mirror follow the subject and comparables', () => {
    const state = migrateCmaState(fixture('saved-v2-sample.json'));
    expect(derivedKeys(state)).toEqual({
      checked: state.checked,
      listing_id_arr: state.listing_id_arr,
      count: state.count,
      selectedPropertyAddress: state.selectedPropertyAddress,
      address: state.address,
      selectedAdditionalInfo: (state.selectedPropertydata as { subjectAdditionalInfo: unknown }).subjectAdditionalInfo,
    });
  });
});

describe('valueCma with the accepted market model', () => {
  const state = migrateCmaState(fixture('saved-v2-sample.json'));
  const base = valueCma(state, { now });
  const reading = (over: Partial<MarketModelReading> = {}): MarketModelReading => ({
    ...marketModelReadingOf(
      {
        estimate: { value: 900000, drivers: [{ label: 'Above-grade area', effect: 40000 }] },
        calibration: { sales: 300, from: '2026-01-01', to: '2026-10-15', comparablesWeight: 0.6, comparablesMdape: 8, modelMdape: 7, reconciledMdape: 6.5, bands: [{ upTo: 0.1, low: -0.08, high: 0.07, sales: 150 }, { upTo: Infinity, low: -0.15, high: 0.12, sales: 150 }] },
        sales: 2400,
      },
      { subjectId: base.blindSubject!.id, asOfDate: base.asOfDate, fittedAt: '2026-11-26T10:00:00Z' },
    ),
    ...over,
  });

  it('reconciles with the model and prints its 80 % likely range, saved and restored as JSON', () => {
    const saved = JSON.parse(JSON.stringify(toSavedState({ ...state, adjustment_formulas: { marketModel: reading() } })));
    const valued = valueSavedCma(saved, { now });
    const expected = Math.round(Math.exp(0.6 * Math.log(base.reconciliation!.value) + 0.4 * Math.log(900000)));
    expect(valued.value).toBe(expected);
    expect(valued.marketModel!.comparablesValue).toBe(base.value);
    expect(valued.range).toEqual({ start: valued.marketModel!.likelyRange.low, end: valued.marketModel!.likelyRange.high, source: 'engine' });
    expect(valued.range!.start).toBeLessThan(expected);
    expect(valued.range!.end).toBeGreaterThan(expected);
  });

  it.each([
    ['another subject', { subjectId: 'someone-else' }],
    ['another valuation date', { asOfDate: '2020-01-01' }],
  ])('leaves out a reading fitted for %s, with a warning', (_name, over) => {
    const valued = valueCma({ ...state, adjustment_formulas: { marketModel: reading(over) } }, { now });
    expect(valued.value).toBe(base.value);
    expect(valued.warnings.map((w) => w.code)).toContain('market-model-stale');
  });
});

describe('valueCma is pure', () => {
  it('the same document gives the same valuation, and the document is not changed', () => {
    const states = ['saved-v2-sample.json', 'saved-v2-edited.json'].map((n) => migrateCmaState(fixture(n)));
    fc.assert(
      fc.property(fc.constantFrom(...states), fc.subarray([0, 1, 2, 3, 4, 5]), fc.constantFrom('inverse-gross', 'equal'), (state, keep, method) => {
        const document = { ...state, comaparables: keep.map((i) => state.comaparables[i]!).filter(Boolean), adjustment_formulas: { ...state.adjustment_formulas, weighting: { method } } };
        const frozen = JSON.stringify(document);
        const a = valueCma(document, { now });
        const b = valueCma(JSON.parse(frozen), { now });
        expect(JSON.stringify(document)).toBe(frozen);
        expect(b.value).toBe(a.value);
        expect(b.range).toEqual(a.range);
        expect(b.comparables.map((c) => c.adjustment?.adjustedPrice ?? null)).toEqual(a.comparables.map((c) => c.adjustment?.adjustedPrice ?? null));
        if (a.range && a.range.source === 'engine') expect(a.value! >= a.range.start && a.value! <= a.range.end).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});

describe('valueCma with the market measured for the report (issue 27)', () => {
  const state = migrateCmaState(fixture('saved-v2-sample.json'));
  const base = valueCma(state, { now });
  const market = (over: Partial<MarketMeasurements> = {}): MarketMeasurements => ({
    before: '2026-11-01', sales: 900, rates: { bedrooms: [40_000, 40_000, 40_000] }, featureEffects: {}, monthlyTimeRate: 0.01, monthlyTimeIndex: null, ...over,
  });
  const valued = (formulas: Record<string, unknown>) => valueCma({ ...state, adjustment_formulas: formulas }, { now });
  const bedroomLine = (v: ReturnType<typeof valueCma>) => v.comparables.flatMap((c) => c.adjustment?.lines.filter((l) => l.style === 'bedrooms' && l.status === 'applied') ?? [])[0];

  it("applies the market's rates and time trend by default", () => {
    const v = valued({ market: market() });
    expect(bedroomLine(v)?.rate).toBe(40_000);
    expect(bedroomLine(v)?.rateSource).toBe('market');
    expect(v.settings.timeAdjustment?.monthlyRate).toBe(0.01);
    expect(v.value).not.toBe(base.value);
  });

  it.each([
    ['a category the agent keeps on their own rate', { ownRates: ['bedrooms'] }, (v: ReturnType<typeof valueCma>) => expect(bedroomLine(v)?.rateSource).toBe('table')],
    ['the market time switched off', { marketTime: false }, (v: ReturnType<typeof valueCma>) => expect(v.settings.timeAdjustment).toBeNull()],
    ['a typed time rate wins over the market', { monthlyTimeRate: 0.002 }, (v: ReturnType<typeof valueCma>) => expect(v.settings.timeAdjustment?.monthlyRate).toBe(0.002)],
    ['a rate the agent set wins over the market', { rateOverrides: { bedrooms: [1_000, 1_000, 1_000] } }, (v: ReturnType<typeof valueCma>) => expect(bedroomLine(v)?.rate).toBe(1_000)],
  ])('%s', (_name, over, check) => check(valued({ market: market(), ...over })));

  it('an unreadable measurement is ignored: the agent\'s table values the report', () => {
    expect(valued({ market: { before: 'soon', rates: 'many' } }).value).toBe(base.value);
  });

  it('with the model taken out, the comparables value the report with their own calibrated range', () => {
    const calibration = {
      sales: 300, from: '2026-10-01', to: '2026-10-30', comparablesWeight: 0.4, comparablesMdape: 8, modelMdape: 7, reconciledMdape: 6.5,
      bands: [{ upTo: Infinity, low: -0.1, high: 0.1, sales: 300 }], comparablesBands: [{ upTo: Infinity, low: -0.2, high: 0.15, sales: 300 }], fullCount: 6, byCount: [],
    };
    const reading = marketModelReadingOf({ estimate: { value: 900_000, drivers: [] }, calibration, sales: 2400 }, { subjectId: base.blindSubject!.id, asOfDate: base.asOfDate, fittedAt: '2026-11-26T10:00:00Z', inValue: false });
    const out = valued({ marketModel: reading });
    expect(out.value).toBe(base.value);
    expect(out.marketModel).toBeNull();
    expect(out.likelyRange?.explanation).toMatch(/by their comparables alone/);
    expect(out.engineRange).toEqual({ start: Math.floor((base.value! * Math.exp(-0.2)) / 1000) * 1000, end: Math.ceil((base.value! * Math.exp(0.15)) / 1000) * 1000 });
    const back = valued({ marketModel: { ...reading, inValue: true } });
    expect(back.marketModel?.reading.estimate).toBe(900_000);
    expect(back.engineRange).toEqual({ start: back.likelyRange!.low, end: back.likelyRange!.high });
  });

  it('a reading without a model (too few sales for one) still gives the comparables their calibrated range', () => {
    const calibration = { sales: 40, from: '2026-10-01', to: '2026-10-30', comparablesWeight: 1, comparablesMdape: 8, modelMdape: null, reconciledMdape: 8, bands: [{ upTo: Infinity, low: -0.2, high: 0.15, sales: 40 }], comparablesBands: [{ upTo: Infinity, low: -0.2, high: 0.15, sales: 40 }] };
    const reading = marketModelReadingOf({ estimate: null, calibration, sales: 0 }, { subjectId: base.blindSubject!.id, asOfDate: base.asOfDate, fittedAt: '2026-11-26T10:00:00Z' });
    const out = valued({ marketModel: reading });
    expect(out.value).toBe(base.value);
    expect(out.likelyRange).not.toBeNull();
  });
});

describe('the valuation date follows the report purpose', () => {
  const state = migrateCmaState(fixture('saved-v2-sample.json'));
  const latestComparable = valueCma(state, { now }).comparables.map((c) => c.facts.closeDate!).sort().at(-1)!;
  const sold = { ...state, selectedPropertydata: { ...state.selectedPropertydata, 'Close Date': '2020-03-14', 'Close Price': 500_000 } };
  it.each([
    ['a past sale: the day it sold', 'past-sale', '2020-03-14'],
    ['a home listed now: the market’s latest sale (its earlier sale is history)', 'listing', latestComparable],
    ['no purpose said (a report saved before): the day it sold, as before', undefined, '2020-03-14'],
  ] as const)('%s', (_name, purpose, expected) => {
    expect(valueCma({ ...sold, report_data: purpose ? { purpose } : {} }, { now }).asOfDate).toBe(expected);
  });
});
