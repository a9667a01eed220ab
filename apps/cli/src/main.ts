// `cma` — import, value, report: the same packages the app uses (DESIGN.md §6). Results on stdout, logs on stderr.
const USAGE = `Usage:
  cma import --listings FILE.csv [--format recolorado|ppar|auto] --json
  cma value  --listings FILE.csv (--subject ID ... | --subjects-file FILE) [--backtest] --json
  cma report --state FILE.json --out FILE.pdf [--pages ID,ID,...]   (cma report --help lists the page ids)
  cma mls add | sync | list | approve …                               (cma mls --help: MLS sources)`;

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  import: async () => (await import('./commands/import')).run,
  value: async () => (await import('./commands/value')).run,
  report: async () => (await import('./commands/report')).run,
  mls: async () => (await import('@cma/server/mls-cli')).run,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? commands[name] : undefined;
  if (!load) {
    process.stderr.write(`${name ? `Unknown command '${name}'.\n` : ''}${USAGE}\n`);
    return name === '--help' || name === '-h' ? 0 : 2;
  }
  try {
    return await (await load())(rest);
  } catch (error) {
    process.stderr.write(`cma ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
