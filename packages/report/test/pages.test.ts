import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PageListError,
  REPORT_PAGES,
  buildReportInput,
  defaultPageChoice,
  normalisePageChoice,
  pageChoiceFromList,
  pageIdHelp,
  printedPageIds,
  renderReportPdf,
} from '../src/index';
import { pdfText } from './pdf-tools';

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8'));
const TODAYS_PAGES = ['cover', 'subject', 'comparables', 'reconciliation', 'map', 'photos', 'notes'];

describe('the page registry', () => {
  it('has the ids agents and the CLI use, each once', () => {
    const ids = REPORT_PAGES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['cover-letter', 'bio', 'market-statistics', 'net-sheet']) expect(ids).toContain(id);
  });

  it("prints today's pages in today's order when a report has no choice (reports saved before page choice)", () => {
    expect(printedPageIds(defaultPageChoice())).toEqual(TODAYS_PAGES);
    expect(buildReportInput(sample).pages).toEqual(TODAYS_PAGES);
    expect(buildReportInput({ ...sample, report_data: null }).pages).toEqual(TODAYS_PAGES);
  });

  it('keeps a saved order, drops unknown and repeated ids, and puts pages the choice never named back at their default place', () => {
    const choice = normalisePageChoice([
      { id: 'photos', on: true },
      { id: 'cover', on: true },
      { id: 'nonsense', on: true },
      { id: 'cover', on: false },
      { id: 'subject', on: false },
    ]);
    expect(choice.map((e) => e.id)).toEqual(['photos', 'cover', 'cover-letter', 'subject', 'comparables', 'reconciliation', 'net-sheet', 'map', 'market-statistics', 'bio', 'notes']);
    expect(printedPageIds(choice)).toEqual(['photos', 'cover', 'comparables', 'reconciliation', 'map', 'notes']);
  });

  it('never switches off the page with the legal disclosures', () => {
    expect(normalisePageChoice([{ id: 'notes', on: false }]).find((e) => e.id === 'notes')?.on).toBe(true);
    expect(() => pageChoiceFromList('cover,subject')).toThrow(PageListError);
    expect(() => pageChoiceFromList('cover,subject')).toThrow(/must include notes/);
  });

  it('keeps custom pages only while their upload exists', () => {
    const saved = [{ id: 'custom:a1', on: true }, { id: 'custom:gone', on: true }, { id: 'cover', on: true }];
    expect(printedPageIds(normalisePageChoice(saved, ['a1'])).slice(0, 2)).toEqual(['custom:a1', 'cover']);
    expect(printedPageIds(normalisePageChoice(saved, ['a1']))).not.toContain('custom:gone');
  });

  it('reads a typed page list in its order and names an unknown id', () => {
    expect(printedPageIds(pageChoiceFromList('notes, cover ,bio'))).toEqual(['notes', 'cover', 'bio']);
    expect(() => pageChoiceFromList('cover,notes,bogus')).toThrow("unknown page id 'bogus'");
    expect(() => pageChoiceFromList('notes,notes')).toThrow('listed twice');
    expect(pageIdHelp()).toContain('net-sheet');
  });

  it('prints the chosen pages in the chosen order', async () => {
    const pdf = await renderReportPdf(buildReportInput(sample, { pages: pageChoiceFromList('notes,reconciliation,cover') }));
    const text = pdfText(pdf);
    expect(text).not.toContain('Comparable Sales Each comparable');
    const notes = text.indexOf('Notes from Your Agent');
    const recon = text.indexOf('Reconciliation and Suggested Price');
    const cover = text.indexOf('Prepared for Taylor');
    expect(notes).toBeGreaterThanOrEqual(0);
    expect(notes).toBeLessThan(recon);
    expect(recon).toBeLessThan(cover);
  });
});
