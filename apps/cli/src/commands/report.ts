// `cma report --state FILE.json --out FILE.pdf`: renders the report PDF from a saved report state (DESIGN.md §6).
import { readFile, writeFile } from 'node:fs/promises';
import { ReportStateError, renderReportStatePdf } from '@cma/report';

const USAGE = 'Usage: cma report --state FILE.json --out FILE.pdf';

function parseArgs(args: string[]): { state?: string; out?: string; error?: string } {
  const parsed: { state?: string; out?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--state' || arg === '--out') {
      const value = args[++i];
      if (!value || value.startsWith('--')) return { error: `${arg} needs a file name.` };
      parsed[arg === '--state' ? 'state' : 'out'] = value;
    } else return { error: `Unknown option '${arg}'.` };
  }
  if (!parsed.state) return { error: '--state FILE.json is required.' };
  if (!parsed.out) return { error: '--out FILE.pdf is required.' };
  return parsed;
}

export async function run(args: string[]): Promise<number> {
  const { state, out, error } = parseArgs(args);
  if (error || !state || !out) {
    process.stderr.write(`cma report: ${error}\n${USAGE}\n`);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(state, 'utf8');
  } catch {
    process.stderr.write(`cma report: cannot read ${state}\n`);
    return 1;
  }
  const started = performance.now();
  try {
    const pdf = await renderReportStatePdf(text);
    await writeFile(out, pdf);
    process.stderr.write(`cma report: wrote ${out} (${pdf.length} bytes) in ${Math.round(performance.now() - started)} ms\n`);
    return 0;
  } catch (e) {
    if (e instanceof ReportStateError) {
      process.stderr.write(`cma report: ${state}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
