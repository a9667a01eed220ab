// Helpers for reading rendered PDFs with poppler (pdftotext, pdftoppm, pdfinfo) in tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function writeTemp(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cma-report-test-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  return file;
}

/** Text of the PDF in reading order, whitespace collapsed (so wrapped lines still match). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', [writeTemp(pdf), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

export function pdfPageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', [writeTemp(pdf)], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

/** One page as PNG bytes at the given resolution. */
export function pagePng(pdf: Buffer, page: number, dpi = 60): Buffer {
  const file = writeTemp(pdf);
  const prefix = path.join(path.dirname(file), 'page');
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
  return readFileSync(`${prefix}.png`);
}
