import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildReportInput, mergeCustomPages, renderReportPdf, type CustomPageFile } from '../src/index';
import { pdfText } from './pdf-tools';

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8'));

/** An A4 PDF whose pages say "<title> page N". */
async function uploadedPdf(title: string, pageCount: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pageCount; i++) doc.addPage([595, 842]).drawText(`${title} page ${i}`, { x: 72, y: 760, size: 24, font });
  return doc.save();
}

async function pageSizes(pdf: Uint8Array): Promise<string[]> {
  return (await PDFDocument.load(pdf)).getPages().map((p) => `${Math.round(p.getWidth())}x${Math.round(p.getHeight())}`);
}

describe('uploaded PDF pages in the report', () => {
  it('prints each upload at its place in the page order, counted in the page numbers', async () => {
    const plan: CustomPageFile = { id: 'plan-1', name: 'Marketing plan', pageCount: 2, pdf: await uploadedPdf('Marketing plan', 2) };
    const testimonial: CustomPageFile = { id: 'quote-1', name: 'Testimonials', pageCount: 1, pdf: await uploadedPdf('Testimonials', 1) };
    const state = {
      ...sample,
      report_data: {
        ...sample.report_data,
        customPages: [{ id: 'plan-1' }, { id: 'quote-1' }],
        pages: [
          { id: 'cover', on: true },
          { id: 'custom:quote-1', on: true },
          { id: 'reconciliation', on: true },
          { id: 'custom:plan-1', on: true },
          { id: 'notes', on: true },
          ...['cover-letter', 'subject', 'comparables', 'net-sheet', 'map', 'market-statistics', 'photos', 'bio'].map((id) => ({ id, on: false })),
        ],
      },
    };
    const input = buildReportInput(state, { customPages: [plan, testimonial] });
    expect(input.pages).toEqual(['cover', 'custom:quote-1', 'reconciliation', 'custom:plan-1', 'notes']);
    const pdf = await renderReportPdf(input);
    // Letter pages with the uploads (A4) in their places: cover, quote, reconciliation, plan ×2, notes.
    expect(await pageSizes(pdf)).toEqual(['612x792', '595x842', '612x792', '595x842', '595x842', '612x792']);
    const text = pdfText(pdf);
    const at = (s: string) => text.indexOf(s);
    expect(at('Testimonials page 1')).toBeGreaterThan(-1);
    expect(at('Testimonials page 1')).toBeLessThan(at('Reconciliation'));
    expect(at('Reconciliation')).toBeLessThan(at('Marketing plan page 1'));
    expect(at('Marketing plan page 1')).toBeLessThan(at('Marketing plan page 2'));
    expect(at('Marketing plan page 2')).toBeLessThan(at('not a licensed appraisal'));
    // The footers count the uploaded pages.
    expect(text).toContain('Page 3 of 6');
  });

  it('leaves out an upload the caller has no file for (another agent, or deleted) and one switched off', async () => {
    const plan: CustomPageFile = { id: 'plan-1', name: 'Marketing plan', pageCount: 1, pdf: await uploadedPdf('Marketing plan', 1) };
    const state = { ...sample, report_data: { ...sample.report_data, customPages: [{ id: 'plan-1' }, { id: 'gone' }], pages: [{ id: 'custom:gone', on: true }, { id: 'custom:plan-1', on: false }] } };
    const input = buildReportInput(state, { customPages: [plan] });
    expect(input.pages.some((id) => id.startsWith('custom:'))).toBe(false);
    expect(input.customPages).toEqual([]);
    expect(buildReportInput({ ...state, report_data: { ...state.report_data, pages: [{ id: 'custom:plan-1', on: true }] } }).customPages).toEqual([]);
  });

  it('returns the report unchanged without uploads, and refuses a report whose places do not match the uploads', async () => {
    const report = await uploadedPdf('Report', 1);
    expect(await mergeCustomPages(report, [])).toBe(report);
    await expect(mergeCustomPages(report, [{ id: 'x', name: 'x', pageCount: 1, pdf: await uploadedPdf('x', 1) }])).rejects.toThrow('0 places for uploaded pages but 1');
  });
});
