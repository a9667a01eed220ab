import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketModelReadingOf, valueCma, migrateCmaState, type MarketModelReading } from '@cma/cma';
import { formatAmount } from '@cma/valuation';
import { buildReportInput, renderReportPdf, valueSentences, type ReportDocumentInput } from '../src/index';
import { renderLivePage } from '../src/live/page';
import { pdfText } from './pdf-tools';

// Issue 17: the market model the agent accepted on /review is in the client's report (value, 80 % likely range and its
// sentences in the PDF, on the live page and in the e-mail's sentences), or hidden from it by the agent's switch.

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const now = new Date('2026-11-26T12:00:00Z');
const base = valueCma(migrateCmaState(sample), { now });

function withModel(shownToClient: boolean): Record<string, unknown> {
  const reading: MarketModelReading = marketModelReadingOf(
    {
      estimate: { value: 905_000, drivers: [{ label: 'Above grade finished area', effect: 42_000 }] },
      calibration: { sales: 300, from: '2026-01-02', to: '2026-10-15', comparablesWeight: 0.6, comparablesMdape: 8.1, modelMdape: 7.2, reconciledMdape: 6.6, bands: [{ upTo: 0.1, low: -0.08, high: 0.07, sales: 150 }, { upTo: Infinity, low: -0.15, high: 0.12, sales: 150 }] },
      sales: 2400,
    },
    { subjectId: base.blindSubject!.id, asOfDate: base.asOfDate, fittedAt: '2026-11-26T10:00:00Z', shownToClient },
  );
  // The agent never edited the range: the report prints the engine's (the 80 % likely range).
  return { ...sample, range: { start: '', end: '' }, adjustment_formulas: { ...(sample.adjustment_formulas as object), marketModel: reading } };
}

const live = (input: ReportDocumentInput) => renderLivePage(input, { headshot: null, pdfUrl: '/r/x.pdf', photoUrl: (i) => `/r/x/photos/${i}` }).replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('the accepted market model in the client report', () => {
  let shown: ReportDocumentInput;
  let hidden: ReportDocumentInput;
  let shownPdf: string;
  let hiddenPdf: string;
  beforeAll(async () => {
    shown = buildReportInput(withModel(true), { now });
    hidden = buildReportInput(withModel(false), { now });
    [shownPdf, hiddenPdf] = (await Promise.all([renderReportPdf(shown), renderReportPdf(hidden)])).map(pdfText);
  }, 120_000);

  it('prints the reconciled value, the 80 % likely range and the model sentences when shown', () => {
    const value = shown.reconciliation!.value;
    expect(value).not.toBe(base.value);
    expect(value).toBe(Math.round(Math.exp(0.6 * Math.log(base.reconciliation!.value) + 0.4 * Math.log(905_000))));
    expect(shown.range).toMatchObject({ source: 'engine' });
    const sentences = valueSentences(shown.reconciliation!);
    expect(sentences).toHaveLength(3);
    expect(sentences[1]).toBe(`A market model of the area's recent sales estimates $ 905,000; with the comparables' ${formatAmount(base.value!)} it gives the value of ${formatAmount(value)}. The comparables carry 60% and the market model 40%, because on 300 recent sales valued before their sale the comparables missed by 8.1% and the model by 7.2% (median).`);
    expect(sentences[2]).toMatch(/^80 % likely range \$ [\d,]+ – \$ [\d,]+: in 300 recent sales/);

    for (const text of [shownPdf, live(shown)]) {
      expect(text).toContain(formatAmount(value));
      expect(text).toContain(`${formatAmount(shown.range!.start)}`);
      expect(text).toMatch(/market model/i);
      expect(text).toContain('A market model of the area');
      expect(text).toContain('80 % likely range');
      expect(text).not.toContain('Weighed against the area');
    }
  });

  it('hides the model from the client when the agent says so; the value stays reconciled with it', () => {
    expect(hidden.reconciliation!.value).toBe(shown.reconciliation!.value);
    expect(hidden.range).toEqual(shown.range);
    expect(hidden.reconciliation!.marketModel).toBeNull();
    // The printed value is not the comparables' figure: one sentence says so, without naming the model.
    const why = `Weighed against the area's other recent sales, the value is ${formatAmount(hidden.reconciliation!.value)}.`;
    expect(valueSentences(hidden.reconciliation!)).toEqual([hidden.reconciliation!.explanation, why]);
    for (const text of [hiddenPdf, live(hidden)]) {
      expect(text).toContain(formatAmount(hidden.reconciliation!.value));
      expect(text).not.toContain('A market model of the area');
      expect(text).not.toMatch(/market model/i);
      expect(text).toContain('8 in 10 recent sales valued this way sold within it');
      expect(text).toContain(why);
    }
  });
});
