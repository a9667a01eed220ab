import { describe, expect, it } from 'vitest';
import { reportPdfFilename, withLogoOnFile } from '../src';

describe('reportPdfFilename (the download, the e-mail attachment and the live page all name the PDF by it)', () => {
  it.each([
    ['1234 Elm Street', '1234-Elm-Street-CMA.pdf'],
    ['  12 O’Neil Ave., #4 ', '12-O-Neil-Ave-4-CMA.pdf'],
    ['', 'Report-CMA.pdf'],
    [null, 'Report-CMA.pdf'],
    ['#', 'Report-CMA.pdf'],
    ['A'.repeat(200), `${'A'.repeat(80)}-CMA.pdf`],
  ])('%j → %s', (street, name) => {
    expect(reportPdfFilename(street)).toBe(name);
  });
});

describe('withLogoOnFile (the screen and the server print the same logo)', () => {
  const logo = 'data:image/png;base64,AAAA';
  it('adds the logo on file when the state has none', () => {
    expect(withLogoOnFile({ reportName: 'X' }, logo)).toEqual({ reportName: 'X', businessImages: [logo] });
    expect(withLogoOnFile({ businessImages: [] }, logo)).toEqual({ businessImages: [logo] });
  });
  it("keeps the report's own logo, and the state as it is without a logo on file", () => {
    const own = { businessImages: ['data:image/png;base64,BBBB'] };
    expect(withLogoOnFile(own, logo)).toBe(own);
    const none = { businessImages: [] };
    expect(withLogoOnFile(none, null)).toBe(none);
  });
});
