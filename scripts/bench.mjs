#!/usr/bin/env node
// `npm run bench`: every scripts/bench/*.bench.ts in turn; each prints its own figures (ratios measured in one run).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const only = process.argv.slice(2);
const benches = readdirSync('scripts/bench')
  .filter((f) => /\.bench\.(ts|mjs)$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failures = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const status = spawnSync('npx', ['tsx', `scripts/bench/${file}`], { stdio: 'inherit' }).status;
  if (status !== 0) {
    failures++;
    console.log(`${file} failed (exit ${status})`);
  }
}
process.exit(failures ? 1 : 0);
