#!/usr/bin/env node
// `npm run build -w @cma/web`: the SPA, its server-side render and the prerendered landing page, built into a private
// folder and swapped into dist/ only when complete, so a server starting meanwhile never reads half a build. Builds
// in one checkout wait for each other (a lock folder), and a build whose inputs have not changed since dist/ was made
// is skipped (`--force` builds anyway).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(webDir, '../..');
const dist = path.join(webDir, 'dist');
const lockDir = path.join(webDir, '.build-lock');
const FINGERPRINT_FILE = '.inputs-sha256';
const STALE_LOCK_MS = 15 * 60 * 1000;
const force = process.argv.includes('--force');

/** Every file the build reads: the web app and the workspace packages' sources, and the locked dependency versions. */
async function inputFiles() {
  const skip = new Set(['node_modules', 'dist', 'test-results', '.build-lock']);
  const files = [];
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (skip.has(entry.name) || entry.name.startsWith('.build-')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  await walk(webDir);
  for (const pkg of await readdir(path.join(repoDir, 'packages'))) {
    const pkgDir = path.join(repoDir, 'packages', pkg);
    if (existsSync(path.join(pkgDir, 'src'))) await walk(path.join(pkgDir, 'src'));
    if (existsSync(path.join(pkgDir, 'package.json'))) files.push(path.join(pkgDir, 'package.json'));
  }
  files.push(path.join(repoDir, 'package-lock.json'));
  return files.sort();
}

async function fingerprint() {
  const hash = createHash('sha256');
  for (const file of await inputFiles()) hash.update(path.relative(repoDir, file)).update('\0').update(await readFile(file)).update('\0');
  return hash.digest('hex');
}

async function builtFingerprint() {
  return readFile(path.join(dist, FINGERPRINT_FILE), 'utf8').catch(() => '');
}

/** mkdir is atomic: whoever creates the folder builds; the others wait, then find dist/ up to date. */
async function acquireLock() {
  for (;;) {
    try {
      await mkdir(lockDir);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (await stat(lockDir).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > STALE_LOCK_MS) await rm(lockDir, { recursive: true, force: true }); // a build that died
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: webDir, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

async function build(inputs) {
  const out = path.join(webDir, `.build-${process.pid}`);
  await rm(out, { recursive: true, force: true });
  try {
    run('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir']);
    run('npx', ['vite', 'build', '--ssr', 'src/prerender.tsx', '--outDir', path.join(out, 'ssr')]);
    run('node', ['scripts/prerender.mjs'], { WEB_BUILD_DIR: out });
    await writeFile(path.join(out, FINGERPRINT_FILE), inputs);
    // Swap: the old build steps aside, the new one takes its name, the old one goes.
    const old = path.join(webDir, `.build-old-${process.pid}`);
    if (existsSync(dist)) await rename(dist, old);
    await rename(out, dist);
    await rm(old, { recursive: true, force: true });
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

const inputs = await fingerprint();
if (!force && (await builtFingerprint()) === inputs) {
  console.log('apps/web/dist is up to date with its sources: build skipped (`npm run build -w @cma/web -- --force` rebuilds).');
} else {
  await acquireLock();
  try {
    if (!force && (await builtFingerprint()) === inputs) console.log('apps/web/dist was built by another build meanwhile: build skipped.');
    else await build(inputs);
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}
