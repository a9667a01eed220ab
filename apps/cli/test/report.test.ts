import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const cma = (...args: string[]) => spawnSync(process.execPath, [path.join(root, 'apps/cli/bin/cma.mjs'), 'report', ...args], { cwd: root, encoding: 'utf8' });

describe('cma report', () => {
  it('renders the sample state to a PDF with its addresses', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'cma-cli-report-')), 'report.pdf');
    const run = cma('--state', 'samples/report-state.json', '--out', out);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    const text = spawnSync('pdftotext', [out, '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain('1234 Elm Street, Denver, CO 80220');
    expect(text).toContain('1180 Grape Street');
  });

  it('explains missing options and unreadable states', () => {
    const noOut = cma('--state', 'samples/report-state.json');
    expect(noOut.status).toBe(2);
    expect(noOut.stderr).toContain('--out FILE.pdf is required.');
    const dir = mkdtempSync(path.join(tmpdir(), 'cma-cli-report-'));
    writeFileSync(path.join(dir, 'bad.json'), '{"version": 99}');
    const bad = cma('--state', path.join(dir, 'bad.json'), '--out', path.join(dir, 'x.pdf'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('newer than this app understands');
    expect(cma('--state', path.join(dir, 'missing.json'), '--out', path.join(dir, 'x.pdf')).stderr).toContain('cannot read');
  });

  it('prints only the pages named by --pages, in that order', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'cma-cli-report-')), 'report.pdf');
    const run = cma('--state', 'samples/report-state.json', '--out', out, '--pages', 'notes,cover');
    expect(run.status, run.stderr).toBe(0);
    const info = spawnSync('pdfinfo', [out], { encoding: 'utf8' }).stdout;
    const text = spawnSync('pdftotext', [out, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(text).not.toContain('Reconciliation and Suggested Price');
    expect(text.indexOf('Notes and Disclosures'.toUpperCase())).toBeLessThan(text.indexOf('Prepared for'));
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeLessThanOrEqual(3);
    const bad = cma('--state', 'samples/report-state.json', '--out', out, '--pages', 'cover,notes,brochure');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("unknown page id 'brochure'");
  });

  it('lists the page ids in --help', () => {
    const run = cma('--help');
    expect(run.status).toBe(0);
    for (const id of ['cover-letter', 'bio', 'market-statistics', 'net-sheet', 'notes']) expect(run.stdout).toContain(id);
  });
});
