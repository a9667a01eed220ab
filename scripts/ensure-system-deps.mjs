#!/usr/bin/env node
// Makes sure the system programs the browser and PDF tests drive are present: Chromium and pdftoppm.
// `playwright install` cannot download here, so we use the Debian packages; when we cannot install them
// ourselves we say exactly what to run and exit non-zero.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const requirements = [
  { name: 'Chromium', path: process.env.CHROMIUM_PATH || '/usr/bin/chromium', debianPackage: 'chromium' },
  { name: 'pdftoppm', path: '/usr/bin/pdftoppm', debianPackage: 'poppler-utils' },
];

const missing = requirements.filter((requirement) => !existsSync(requirement.path));
if (missing.length === 0) {
  console.log(`system deps ok: ${requirements.map((r) => r.path).join(', ')}`);
  process.exit(0);
}

const packages = missing.map((requirement) => requirement.debianPackage);
const installCommand = `apt-get update && apt-get install -y ${packages.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasAptGet = existsSync('/usr/bin/apt-get');

if (!isRoot || !hasAptGet) {
  console.error(`Missing: ${missing.map((r) => `${r.name} (${r.path})`).join(', ')}.`);
  if (hasAptGet) console.error(`Install them with:  sudo ${installCommand}`);
  else console.error(`Install ${packages.join(' and ')} with your system's package manager (Debian/Ubuntu packages: ${packages.join(' ')}), or set CHROMIUM_PATH to an existing Chromium binary.`);
  process.exit(1);
}

console.log(`Installing ${packages.join(' ')} (missing: ${missing.map((r) => r.path).join(', ')})...`);
const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', ...packages]]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env: environment });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}). Run by hand:  ${installCommand}`);
    process.exit(1);
  }
}

const stillMissing = requirements.filter((requirement) => !existsSync(requirement.path));
if (stillMissing.length > 0) {
  console.error(`Still missing after install: ${stillMissing.map((r) => r.path).join(', ')}. Run by hand:  ${installCommand}`);
  process.exit(1);
}
console.log('system deps installed.');
