import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CMA_STATE_VERSION, CMA_TEXT_LIMITS, cmaTextProblems, migrateCmaState, readReportData, toSavedState } from '../src/index';

describe('report_data in the CMA document (issue 29)', () => {
  it.each([
    ['null', null, {}],
    ['a list', [1, 2], {}],
    ['the builder keys with their types', { pages: [{ id: 'cover', on: false }], keepEmptyRows: true, ownColour: false, reviewNotes: true, purpose: 'past-sale' }, { pages: [{ id: 'cover', on: false }], keepEmptyRows: true, ownColour: false, reviewNotes: true, purpose: 'past-sale' }],
    ['page ids saved as text', { pages: ['cover', 7, { id: 'notes' }] }, { pages: [{ id: 'cover', on: true }, { id: 'notes', on: true }] }],
    ['custom pages as ids or objects', { customPages: ['a', { id: 'b' }, { name: 'no id' }] }, { customPages: [{ id: 'a' }, { id: 'b' }] }],
    ['a wrong type reads as absent', { keepEmptyRows: 'yes', purpose: 'sold', reportDate: '20/11/2026', coverLetter: 5 }, {}],
    ['net sheet entries keep text while typed, drop the rest', { netSheet: { commissionPercent: '5.5', closingCosts: 3000, bad: {}, nan: Number.NaN } }, { netSheet: { commissionPercent: '5.5', closingCosts: 3000 } }],
    ['photo choices are image ids', { photoChoice: { subject: '12', c1: 3 } }, { photoChoice: { subject: '12' } }],
    ['the market area as an area', { marketArea: { kind: 'zip' } }, { marketArea: { kind: 'zip' } }],
    ['an unreadable market area as the default radius', { marketArea: 'near' }, { marketArea: { kind: 'radius', miles: 1 } }],
    ['unknown keys go', { pdfColor: '#aa0000', somethingNew: 1, reportId: 'r-1' }, { reportId: 'r-1' }],
  ])('reads %s', (_name, raw, expected) => {
    expect(readReportData(raw)).toEqual(expected);
  });

  it('never throws and gives only typed keys, whatever was saved', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(fc.constantFrom('pages', 'customPages', 'netSheet', 'photoChoice', 'purpose', 'reviewNotes', 'coverLetter', 'reportDate', 'x'), fc.jsonValue()), (raw, dict) => {
        for (const value of [raw, dict]) {
          const data = readReportData(value);
          if (data.pages) expect(data.pages.every((p) => typeof p.id === 'string' && typeof p.on === 'boolean')).toBe(true);
          if (data.purpose) expect(['listing', 'past-sale']).toContain(data.purpose);
          if (data.reviewNotes !== undefined) expect(typeof data.reviewNotes).toBe('boolean');
          expect(Object.keys(data)).not.toContain('x');
        }
      }),
    );
  });

  it('migrates a version 2 state: report_data typed, null becomes {}, the stray colour goes', () => {
    const v2 = { version: 2, report_data: { pdfColor: '#123456', photoChoice: { subject: '4' }, pages: ['cover', 'notes'] } };
    const state = migrateCmaState(v2);
    expect(state.version).toBe(CMA_STATE_VERSION);
    expect(state.report_data).toEqual({ photoChoice: { subject: '4' }, pages: [{ id: 'cover', on: true }, { id: 'notes', on: true }] });
    expect(migrateCmaState({ version: 2, report_data: null }).report_data).toEqual({});
    expect(toSavedState(state).report_data).toEqual(state.report_data);
  });
});

describe('length caps on free text (issue 30 item 4)', () => {
  it('names the field of a 2,000,000-character client name', () => {
    const problems = cmaTextProblems({ clientName: 'x'.repeat(2_000_000) });
    expect(Object.keys(problems)).toEqual(['clientName']);
    expect(problems.clientName![0]).toBe(`The client name can be at most ${CMA_TEXT_LIMITS.clientName} characters.`);
  });

  it.each([
    ['reportName', { reportName: 'r'.repeat(CMA_TEXT_LIMITS.reportName + 1) }],
    ['review_data.agentNotes', { review_data: { agentNotes: 'n'.repeat(CMA_TEXT_LIMITS.agentNotes + 1) } }],
    ['report_data.coverLetter', { report_data: { coverLetter: 'c'.repeat(CMA_TEXT_LIMITS.coverLetter + 1) } }],
    ['report_data.agentName', { report_data: { agentName: 'a'.repeat(CMA_TEXT_LIMITS.agentLine + 1) } }],
    ['comaparables[1].agentNotes', { comaparables: [{}, { agentNotes: 'z'.repeat(CMA_TEXT_LIMITS.propertyText + 1) }] }],
    ['selectedPropertydata.properties_address', { selectedPropertydata: { properties_address: 'p'.repeat(CMA_TEXT_LIMITS.propertyText + 1) } }],
  ])('names %s', (field, state) => {
    expect(Object.keys(cmaTextProblems(state))).toEqual([field]);
  });

  it('passes text at the caps and values of other types (the document reads those)', () => {
    expect(cmaTextProblems({ clientName: 'x'.repeat(CMA_TEXT_LIMITS.clientName), reportName: 7, review_data: 'odd', report_data: null, comaparables: 'none' })).toEqual({});
  });
});
