import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { formatAmount } from '@cma/valuation';
import { LEGAL_PARAGRAPHS, buildReportInput, renderReportPdf, type ReportDocumentInput } from '../src/index';
import { pagePng, pdfPageCount, pdfText } from './pdf-tools';

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8'));
const REFERENCE = new URL('./reference/comparables-page-3.png', import.meta.url);

describe('the report PDF of the sample state (6 comparables)', () => {
  let input: ReportDocumentInput;
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    input = buildReportInput(sample);
    pdf = await renderReportPdf(input);
    text = pdfText(pdf);
  });

  it('names the report, the client, the agent and the business on the cover', () => {
    expect(text).toContain('COMPARATIVE MARKET ANALYSIS');
    expect(text).toContain('Prepared for Taylor & Morgan Reed');
    expect(text).toContain('Jordan Avery');
    expect(text).toContain('Front Range Realty Group');
    // The cover date is letter-spaced, so pdftotext spaces its letters out.
    expect(text.replace(/\s/g, '')).toContain('NOVEMBER20,2026');
  });

  it('prints the subject and every comparable address', () => {
    expect(text).toContain(sample.selectedPropertydata.properties_address);
    for (const comp of sample.comaparables) expect(text).toContain(comp.pdf_address);
  });

  it("prints the engine's adjusted prices, reconciled value and range", () => {
    expect(input.comparables.every((c) => c.adjusted)).toBe(true);
    for (const comp of input.comparables) expect(text).toContain(formatAmount(comp.adjustedPrice!));
    expect(text).toContain(formatAmount(input.reconciliation!.value));
    expect(text).toContain(`${formatAmount(input.range!.start)} – ${formatAmount(input.range!.end)}`);
  });

  it('prints the legal text of spec §1 and page numbers', () => {
    for (const paragraph of LEGAL_PARAGRAPHS) expect(text).toContain(paragraph.replace('\u2019', "'").slice(0, 60).replace("'", ''));
    expect(text).toContain('not a licensed appraisal');
    expect(text).toContain("used according to the listing provider");
    expect(text).toContain('never sells user information');
    const pages = pdfPageCount(pdf);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('shows Not Available for missing values, a placeholder in the grid for the comparable without a photo, and no empty tile on the photos page', () => {
    expect(text).toContain('Not Available'); // the subject has no list price or days on market
    expect(text).toContain('No Photo');
    expect(text).not.toContain('Photo Not Available');
  });

  it('lays the comparables grid out like the reviewed reference image', async () => {
    const page = await sharp(pagePng(pdf, 3)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    if (process.env.UPDATE_REPORT_REFERENCE === '1' || !existsSync(REFERENCE)) {
      writeFileSync(REFERENCE, pagePng(pdf, 3));
      if (process.env.UPDATE_REPORT_REFERENCE !== '1') throw new Error('Reference image was missing and has been written; review it and run again.');
    }
    const reference = await sharp(readFileSync(REFERENCE)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([page.info.width, page.info.height]).toEqual([reference.info.width, reference.info.height]);
    let differing = 0;
    for (let i = 0; i < page.data.length; i += 3) {
      const delta = Math.abs(page.data[i]! - reference.data[i]!) + Math.abs(page.data[i + 1]! - reference.data[i + 1]!) + Math.abs(page.data[i + 2]! - reference.data[i + 2]!);
      if (delta > 48) differing++;
    }
    // Anti-aliasing may differ between poppler builds; a layout change moves far more than 1 % of pixels.
    expect(differing / (page.info.width * page.info.height)).toBeLessThan(0.01);
  });
});

/** Fraction of pixels in a region that are close to a colour. */
async function colourShare(png: Buffer, hex: string, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().extract(region).raw().toBuffer({ resolveWithObject: true });
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  let near = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 24) near++;
  return near / (info.width * info.height);
}

describe('report layout choices', () => {
  it('paints the cover band and headings in the chosen PDF colour', async () => {
    const colour = '#8e24aa';
    const pdf = await renderReportPdf(buildReportInput({ ...sample, pdfColor: colour }));
    const cover = pagePng(pdf, 1);
    const band = { left: 0, top: 0, width: 500, height: 30 };
    expect(await colourShare(cover, colour, band)).toBeGreaterThan(0.9);
    expect(await colourShare(cover, '#0070c0', band)).toBe(0);
  });

  it('falls back to the default colour #0070c0 when the saved colour is not a colour', () => {
    expect(buildReportInput({ ...sample, pdfColor: 'javascript:alert(1)' }).colour).toBe('#0070c0');
    expect(buildReportInput({ ...sample, pdfColor: undefined }).colour).toBe('#0070c0');
  });

  it('paginates 12 comparables three to a grid page, and renders a bare one-comparable report without photos', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ ...sample.comaparables[i % 6], 'Listing Id': `L-${i + 1}`, pdf_address: `${100 + i} Test Street` }));
    const big = await renderReportPdf(buildReportInput({ ...sample, comaparables: twelve }));
    const bigText = pdfText(big);
    expect(bigText).toContain('COMPARABLES 4 OF 4');
    expect(bigText).toContain('COMPARABLE 12');
    const bare = {
      ...sample,
      base64Images: [],
      businessImages: [],
      report_data: null,
      review_data: null,
      clientName: '',
      selectedPropertydata: { ...sample.selectedPropertydata, propertyImages: [], 'Year Built': 'Not Available', 'Public-Remarks': undefined },
      comaparables: [{ ...sample.comaparables[0], propertyImages: [], Latitude: 'Not Available' }],
    };
    const small = await renderReportPdf(buildReportInput(bare));
    const smallText = pdfText(small);
    expect(smallText).toContain('Photo Not Available');
    expect(smallText).toContain('Location Not Available');
    expect(smallText).toContain('COMPARABLES 1 OF 1');
    expect(smallText).not.toContain('Prepared for'); // no client named: no line, rather than "Prepared for Not Available"
    expect(pdfPageCount(small)).toBeLessThan(pdfPageCount(big));
  });
});
