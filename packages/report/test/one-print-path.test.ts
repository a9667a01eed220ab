import { readListingRecord } from '@cma/cma';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketModelReadingOf, migrateCmaState, valueCma } from '@cma/cma';
import { formatAmount } from '@cma/valuation';
import { brandPalette, buildReportContent, buildReportInput, contrastRatio, emailSummary, headlineOf, pageChoiceFromList, renderReportPdf, type ReportDocumentInput } from '../src/index';
import { renderLivePage } from '../src/live/page';
import { pdfText } from './pdf-tools';

// Issue 29: one content model per page, printed by the PDF and the live page, summarised by the e-mail; and issue 27's
// words for the client (what the value rests on, the model in the chart, review notes, the valuation date).

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8')) as Record<string, unknown> & { report_data: Record<string, unknown> };
const now = new Date('2026-11-26T12:00:00Z');
const base = valueCma(migrateCmaState(sample), { now });

/** The sample with an accepted market model of 2,400 sales (shown to the client). */
const withModel = () => ({
  ...sample,
  range: { start: '', end: '' },
  adjustment_formulas: {
    ...(sample.adjustment_formulas as object),
    marketModel: marketModelReadingOf(
      {
        estimate: { value: 905_000, drivers: [] },
        calibration: { sales: 300, from: '2026-01-02', to: '2026-10-15', comparablesWeight: 0.6, comparablesMdape: 8.1, modelMdape: 7.2, reconciledMdape: 6.6, bands: [{ upTo: Infinity, low: -0.1, high: 0.1, sales: 300 }] },
        sales: 2400,
      },
      { subjectId: base.blindSubject!.id, asOfDate: base.asOfDate, fittedAt: '2026-11-26T10:00:00Z', shownToClient: true },
    ),
  },
});

const textOf = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const livePage = (input: ReportDocumentInput) => renderLivePage(input, { headshot: input.branding.headshot, pdfUrl: '/r/x/pdf', photoUrl: (i) => `/r/x/photos/${i}` });
const pageSizes = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cma-sizes-'));
  writeFileSync(path.join(dir, 'r.pdf'), pdf);
  return [...execFileSync('pdfinfo', ['-f', '1', '-l', '999', path.join(dir, 'r.pdf')], { encoding: 'utf8' }).matchAll(/size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => `${m[1]}x${m[2]}`);
};

describe('one content model, printed three ways', () => {
  let input: ReportDocumentInput;
  let pdf: string;
  let live: string;
  beforeAll(async () => {
    input = buildReportInput(withModel(), { now });
    pdf = pdfText(await renderReportPdf(input));
    live = textOf(livePage(input));
  }, 120_000);

  it('the PDF, the live page and the e-mail print the same value, range and adjusted prices', () => {
    const { frame, pages } = buildReportContent(input);
    const reconciliation = pages.find((p) => p.id === 'reconciliation')!.content as { rows: Array<{ adjustedPrice: string }> };
    const mail = emailSummary(input).summary;
    expect(frame.headline.valueText).toBe(formatAmount(input.reconciliation!.value));
    for (const text of [pdf, live, mail]) {
      expect(text).toContain(frame.headline.valueText);
      expect(text).toContain(frame.headline.rangeText);
    }
    expect(reconciliation.rows.map((r) => r.adjustedPrice)).toEqual(input.comparables.map((c) => formatAmount(c.adjustedPrice!)));
    for (const row of reconciliation.rows) {
      expect(pdf).toContain(row.adjustedPrice);
      expect(live).toContain(row.adjustedPrice);
    }
    expect(mail).toBe(`Suggested list price for 1234 Elm Street: ${frame.headline.valueText}, in a range of ${frame.headline.rangeText}.`);
  });

  it('says what the value rests on: the comparables and the market model (issue 27)', () => {
    expect(headlineOf(input).basedOn).toBe('Based on 6 comparable sales and a model of 2,400 sales');
    expect(pdf).toContain('Based on 6 comparable sales and a model of 2,400 sales');
    expect(live).toContain('Based on 6 comparable sales and a model of 2,400 sales');
    expect(pdf).not.toContain('adjusted comparable sale(s)');
    // Without the model, the comparables alone.
    expect(headlineOf(buildReportInput(sample, { now })).basedOn).toBe('Based on 6 adjusted comparable sales');
  });

  it("draws the model's estimate beside the adjusted prices in the reconciliation chart", () => {
    const { pages } = buildReportContent(input);
    expect((pages.find((p) => p.id === 'reconciliation')!.content as { chart: { model: number | null } }).chart.model).toBe(905_000);
    expect(pdf).toContain('Market model estimate');
    expect(live).toContain(`Market model Estimate ${formatAmount(905_000)}`);
  });

  it('prints every page on Letter paper', async () => {
    const sizes = pageSizes(await renderReportPdf(input));
    expect(sizes.length).toBeGreaterThan(5);
    expect(new Set(sizes)).toEqual(new Set(['612x792']));
  });
});

describe('review notes, only when the agent turns them on (issue 27)', () => {
  const warning = 'net adjustment 19.5% is above 15%';
  it('are left out of the PDF and the live page by default', async () => {
    const input = buildReportInput(sample, { now });
    expect(input.warnings.join(' ')).toContain(warning);
    expect(pdfText(await renderReportPdf(input))).not.toContain(warning);
    expect(textOf(livePage(input))).not.toContain(warning);
    expect(textOf(livePage(input))).not.toContain('Review notes');
  });

  it('print on both when the agent turns them on', async () => {
    const input = buildReportInput({ ...sample, report_data: { ...sample.report_data, reviewNotes: true } }, { now });
    expect(pdfText(await renderReportPdf(input))).toContain(warning);
    expect(textOf(livePage(input))).toContain(warning);
  });
});

describe('the valuation date and the purpose of the report (issue 27)', () => {
  // An export four years old: the comparables closed in 2022, the subject sold on 15 November 2022.
  const fourYearsBack = (date: unknown) => String(date).replace(/2026$/, '2022');
  const older = {
    ...sample,
    selectedPropertydata: { ...(sample.selectedPropertydata as object), 'Close Date': '11/15/2022', 'Net Sales Price': 835_000, MLS: 'Closed' },
    comaparables: (sample.comaparables as Record<string, unknown>[]).map((c) => ({ ...c, 'Close Date': fourYearsBack(c['Close Date']) })),
    report_data: { ...sample.report_data, pages: pageChoiceFromList('cover,subject,market-statistics,notes') },
  };
  const pastSale = { ...older, report_data: { ...older.report_data, purpose: 'past-sale' } };

  it('a past sale measures the market over the 12 months before its sale: a filled statistics page', async () => {
    const input = buildReportInput(pastSale, { now });
    expect(input.valuationDate).toBe('2022-11-15');
    expect(input.marketStats.window).toEqual({ from: '2021-12', to: '2022-11' });
    expect(input.marketStats.closedSales).toBe(6);
    const text = pdfText(await renderReportPdf(input));
    expect(text).toMatch(/CLOSED SALES \(12 MONTHS\) MEDIAN SALE PRICE MEDIAN PRICE PER SQ FT 6 \$ [\d,]+ \$ \d+ Based on 6 listings/);
    expect(text).toContain('Likely range at the time of sale'); // the cover's line (the boxes' labels are letter-spaced)
    expect(headlineOf(input).valueLabel).toBe('Estimated value at the time of sale');
    expect(text).toContain('Sale price');
    expect(text).not.toContain('Earlier sale price');
    expect(emailSummary(input).summary).toMatch(/^Estimated value at the time of sale for 1234 Elm Street \(November 15, 2022\): \$ [\d,]+, in a range of/);
  });

  it('a home listed now is valued, and its market measured, as of the latest sale in the report (its earlier sale is history), and its value is worded as a list price', () => {
    const input = buildReportInput({ ...older, report_data: { ...older.report_data, purpose: 'listing' } }, { now });
    const latest = (older.comaparables as Record<string, unknown>[]).map((c) => readListingRecord(c, 'comparable').closeDate!).sort().at(-1)!;
    expect(input.purpose).toBe('listing');
    expect(latest.startsWith('2022-')).toBe(true);
    expect(input.valuationDate).toBe(latest); // the valuation's own date (valueCma), not the report's nor the clock
    expect(input.marketStats.closedSales).toBeGreaterThan(0);
    expect(headlineOf(input).valueLabel).toBe('Suggested list price');
  });
});

describe('what the client sees (issue 29 item 6)', () => {
  const onlyCoverPhoto = {
    ...sample,
    base64Images: [(sample.base64Images as string[])[0]],
    comaparables: (sample.comaparables as Record<string, unknown>[]).map((c) => ({ ...c, propertyImages: [] })),
  };

  it('no photos page when the only photo is the one on the cover', async () => {
    const text = pdfText(await renderReportPdf(buildReportInput(onlyCoverPhoto, { now })));
    expect(text).not.toContain('PHOTOS');
    // Without a cover page that photo still has a page.
    const noCover = { ...onlyCoverPhoto, report_data: { ...sample.report_data, pages: pageChoiceFromList('subject,photos,notes') } };
    expect(pdfText(await renderReportPdf(buildReportInput(noCover, { now })))).toContain('PHOTOS');
  });

  it('no empty photo boxes on the live page', () => {
    const html = livePage(buildReportInput(onlyCoverPhoto, { now }));
    expect(html).not.toContain('Photo Not Available');
    expect(html.match(/<img /g)).toHaveLength(2); // the logo and the subject's photo
  });

  const brandKit = { agentName: 'Jordan Avery', tagline: 'Helping Hale families move since 2009', bio: 'Jordan has sold 300 homes in east Denver.\n\nAsk about the Hale market.', headshot: (sample.businessImages as string[])[0]! };

  it('the tagline on the cover, the headshot and bio on the live page', async () => {
    const input = buildReportInput(sample, { now, agent: brandKit });
    const cover = pdfText(await renderReportPdf({ ...input, pages: ['cover', 'notes'] }));
    expect(cover).toContain('Helping Hale families move since 2009');
    const html = livePage(input);
    expect(textOf(html)).toContain('Jordan has sold 300 homes in east Denver.');
    expect(textOf(html)).toContain('Ask about the Hale market.');
    expect(html).toMatch(/<img class="agent__photo" src="\/r\/x\/photos\/\d+" alt="Jordan Avery"/);
  });

  it('pages the agent filled in the brand kit start ticked; a saved choice or the account default still decides', () => {
    const fresh = { ...sample, report_data: { reportId: 'fresh' } };
    expect(buildReportInput(fresh, { now }).pages).not.toContain('bio');
    const filled = buildReportInput(fresh, { now, agent: brandKit, coverLetterTemplate: 'Dear {client},' }).pages;
    expect(filled).toContain('bio');
    expect(filled).toContain('cover-letter');
    expect(buildReportInput(fresh, { now, agent: brandKit, defaultPages: [{ id: 'bio', on: false }] }).pages).not.toContain('bio');
    expect(buildReportInput({ ...fresh, report_data: { pages: [{ id: 'bio', on: false }] } }, { now, agent: brandKit }).pages).not.toContain('bio');
  });
});

describe('one brand palette', () => {
  it.each([
    ['#0070c0', '#ffffff'],
    ['#e67e22', '#1f2933'], // brightness 147 (< 160) gave white in the PDF; by WCAG contrast ink reads better
    ['#f2f2f2', '#1f2933'],
    ['#1a1a1a', '#ffffff'],
  ])('text on %s is %s, in the PDF, on the live page and in the e-mail alike', (colour, onBrand) => {
    const palette = brandPalette(colour);
    expect(palette.onBrand).toBe(onBrand);
    expect(contrastRatio(palette.brandText, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const html = livePage(buildReportInput({ ...sample, pdfColor: colour, report_data: { ...sample.report_data, ownColour: true } }, { now }));
    expect(html).toContain(`--on-brand:${onBrand}`);
  });
});
