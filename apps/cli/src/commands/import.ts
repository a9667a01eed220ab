// Placeholder until its issue lands: says so instead of pretending to work.
export async function run(_args: string[]): Promise<number> {
  process.stderr.write('cma import: not available yet\n');
  return 1;
}
