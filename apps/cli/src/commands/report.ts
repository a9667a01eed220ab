// `cma report --state FILE.json --out FILE.pdf [--pages IDS]`: renders the report PDF from a saved report state (DESIGN.md §6).
import { readFile, writeFile } from 'node:fs/promises';
import { CmaStateError } from '@cma/cma';
import { PageListError, pageChoiceFromList, pageIdHelp, renderReportStatePdf } from '@cma/report';

const USAGE = 'Usage: cma report --state FILE.json --out FILE.pdf [--pages ID,ID,...]';

function help(): string {
  return `${USAGE}

  --state FILE.json  a saved report state (any version)
  --out FILE.pdf     where to write the PDF
  --pages IDS        the pages to print, comma-separated, in this order (default: the report's own page choice)

Page ids:
${pageIdHelp()}
`;
}

interface Args {
  state?: string;
  out?: string;
  pages?: string;
  help?: boolean;
  error?: string;
}

function parseArgs(args: string[]): Args {
  const parsed: Args = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--state' || arg === '--out' || arg === '--pages') {
      const value = args[++i];
      if (!value || value.startsWith('--')) return { error: `${arg} needs ${arg === '--pages' ? 'a list of page ids' : 'a file name'}.` };
      parsed[arg.slice(2) as 'state' | 'out' | 'pages'] = value;
    } else return { error: `Unknown option '${arg}'.` };
  }
  if (!parsed.state) return { error: '--state FILE.json is required.' };
  if (!parsed.out) return { error: '--out FILE.pdf is required.' };
  return parsed;
}

export async function run(args: string[]): Promise<number> {
  const { state, out, pages, help: wantsHelp, error } = parseArgs(args);
  if (wantsHelp) {
    process.stdout.write(help());
    return 0;
  }
  if (error || !state || !out) {
    process.stderr.write(`cma report: ${error}\n${USAGE}\nPage ids: see cma report --help\n`);
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
    const pdf = await renderReportStatePdf(text, pages ? { pages: pageChoiceFromList(pages) } : undefined);
    await writeFile(out, pdf);
    process.stderr.write(`cma report: wrote ${out} (${pdf.length} bytes) in ${Math.round(performance.now() - started)} ms\n`);
    return 0;
  } catch (e) {
    if (e instanceof PageListError) {
      process.stderr.write(`cma report: --pages: ${e.message}\n`);
      return 2;
    }
    if (e instanceof CmaStateError) {
      process.stderr.write(`cma report: ${state}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
