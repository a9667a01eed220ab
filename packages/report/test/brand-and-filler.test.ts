import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COVER_LETTER, buildReportInput, fillCoverLetter, pageChoiceFromList, renderReportPdf } from '../src/index';
import { pdfPageCount, pdfText } from './pdf-tools';

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8'));
const headshot = sample.businessImages[0] as string; // any png data URL
const brandKit = { licenceNumber: 'ER.100012345', tagline: 'Helping Hale families move since 2009', bio: 'Jordan has sold 300 homes in east Denver.', headshot, brokerageLogo: headshot };

describe('the brand kit', () => {
  it('prints the licence number on the cover and the bio page with tagline and bio', async () => {
    const pdf = await renderReportPdf(buildReportInput(sample, { agent: brandKit, pages: pageChoiceFromList('cover,bio,notes') }));
    const text = pdfText(pdf);
    expect(text).toContain('Licence #ER.100012345');
    expect(text).toContain('ABOUT YOUR AGENT');
    expect(text).toContain('Helping Hale families move since 2009');
    expect(text).toContain('Jordan has sold 300 homes in east Denver.');
    expect(buildReportInput(sample, { agent: brandKit }).branding.headshot).toBe(headshot);
  });

  it("uses the profile's brand colour unless the report picked its own", () => {
    const fresh = { ...sample, pdfColor: '#0070c0', report_data: { ...sample.report_data } };
    expect(buildReportInput(fresh, { brandColour: '#7A1F5C' }).colour).toBe('#7a1f5c');
    expect(buildReportInput({ ...fresh, report_data: { ...fresh.report_data, ownColour: true } }, { brandColour: '#7a1f5c' }).colour).toBe('#0070c0');
    // Saved before the brand kit with a colour chosen on /review: that colour stays.
    expect(buildReportInput({ ...fresh, pdfColor: '#2e7d32' }, { brandColour: '#7a1f5c' }).colour).toBe('#2e7d32');
    expect(buildReportInput({ ...fresh, pdfColor: '#2e7d32', report_data: { ownColour: false } }, { brandColour: '#7a1f5c' }).colour).toBe('#7a1f5c');
    expect(buildReportInput(fresh, { brandColour: 'red' }).colour).toBe('#0070c0');
  });
});

describe('the cover letter', () => {
  it('fills {client}, {address} and {agent}, reading naturally when one is missing', () => {
    expect(fillCoverLetter('Dear {client}, about {address}. {AGENT}', { client: 'Ann Lee', address: '1 Elm St', agent: 'Jo' })).toBe('Dear Ann Lee, about 1 Elm St. Jo');
    expect(fillCoverLetter(DEFAULT_COVER_LETTER, { client: '', address: '', agent: '' })).toMatch(/^Dear Homeowner,/);
  });

  it("prints the report's own letter, else the agent's template, else the default", async () => {
    expect(buildReportInput(sample).coverLetter).toContain('comparative market analysis for 1234 Elm Street, Denver, CO 80220');
    expect(buildReportInput(sample, { coverLetterTemplate: 'Hi {client} from {agent}' }).coverLetter).toBe('Hi Taylor & Morgan Reed from Jordan Avery');
    const own = { ...sample, report_data: { ...sample.report_data, coverLetter: 'Dear {client}, a note just for you.' } };
    expect(buildReportInput(own, { coverLetterTemplate: 'Hi {client}' }).coverLetter).toBe('Dear Taylor & Morgan Reed, a note just for you.');
    const text = pdfText(await renderReportPdf(buildReportInput(own, { pages: pageChoiceFromList('cover-letter,notes') })));
    expect(text).toContain('Dear Taylor & Morgan Reed, a note just for you.');
  });
});

describe('no filler', () => {
  const noPhotos = {
    ...sample,
    base64Images: [],
    selectedPropertydata: { ...sample.selectedPropertydata, propertyImages: [] },
    comaparables: sample.comaparables.map((c: Record<string, unknown>) => ({ ...c, propertyImages: [] })),
    report_data: { ...sample.report_data, photoChoice: {} },
  };

  it('prints no photos page when there are no photos', async () => {
    const input = buildReportInput(noPhotos);
    const text = pdfText(await renderReportPdf(input));
    expect(text).not.toContain('PHOTOS');
    expect(text).toContain('Page 7 of 7'); // cover, subject, 2 grid pages, reconciliation, map, notes
  });

  it('prints nothing for empty agent notes', async () => {
    const text = pdfText(await renderReportPdf(buildReportInput({ ...sample, review_data: { agentNotes: '' } }, { pages: pageChoiceFromList('notes') })));
    expect(text).not.toContain('Notes from Your Agent');
    expect(text).not.toMatch(/Notes from Your Agent\s+Not Available/);
    expect(text).toContain('Important Disclosures');
  });

  it('leaves out grid rows no comparable has data for, unless the agent keeps them', async () => {
    const noDom = { ...sample, comaparables: sample.comaparables.map((c: Record<string, unknown>) => ({ ...c, 'Day on market': undefined })) };
    const grid = pageChoiceFromList('comparables,notes');
    const without = pdfText(await renderReportPdf(buildReportInput(noDom, { pages: grid })));
    expect(without).not.toContain('Days on Market');
    const kept = pdfText(await renderReportPdf(buildReportInput({ ...noDom, report_data: { ...noDom.report_data, keepEmptyRows: true } }, { pages: grid })));
    expect(kept).toContain('Days on Market');
  });

  it("labels the subject's own earlier sale as such, and prints no such line when it never sold", () => {
    const sold = { ...sample, selectedPropertydata: { ...sample.selectedPropertydata, 'Net Sales Price': 610000, 'Close Date': '05/14/2015' }, report_data: { ...(sample.report_data as object), purpose: 'listing' } };
    const facts = buildReportInput(sold).subject.facts;
    expect(facts).toContainEqual({ label: 'Earlier sale price (this home)', value: '$ 610,000' });
    expect(facts).toContainEqual({ label: 'Earlier sale date (this home)', value: '05/14/2015' });
    expect(facts.map((f) => f.label)).not.toContain('Net Sales Price');
    expect(buildReportInput(sample).subject.facts.map((f) => f.label)).not.toContain('Earlier sale price (this home)');
  });

  it('keeps page counts honest: a report with photos has its photos page', async () => {
    expect(pdfPageCount(await renderReportPdf(buildReportInput(sample)))).toBeGreaterThan(7);
  });
});
