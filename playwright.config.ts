import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser tests drive the system Chromium (`playwright install` cannot download here; see
// scripts/ensure-system-deps.mjs) against the real server serving the built SPA, on a free port and a fresh data folder.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const E2E_TMP_PREFIX = 'cma-e2e-';
const STALE_AFTER_MS = 12 * 60 * 60 * 1000;

/** Each run leaves a data folder (~40 MB) behind; folders of runs older than 12 hours are removed. */
function removeStaleRunFolders(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(E2E_TMP_PREFIX)) continue;
    const folder = path.join(tmpdir(), name);
    try {
      if (Date.now() - statSync(folder).mtimeMs > STALE_AFTER_MS) rmSync(folder, { recursive: true, force: true });
    } catch {
      // another run may be removing it at the same moment
    }
  }
}

// Worker processes load this file again; the environment carries the first choice to them.
if (!process.env.E2E_DATA_DIR) removeStaleRunFolders();
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_TILE_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), E2E_TMP_PREFIX));
// Several people may run the suite at once in one tree; each run writes its artefacts to its own folder.
process.env.E2E_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
// Test a private copy of the built SPA, so a rebuild of apps/web/dist during the run cannot pull pages from under it.
if (!process.env.E2E_WEB_DIST_DIR) {
  const builtSpa = path.resolve('apps/web/dist');
  if (!existsSync(path.join(builtSpa, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (or `npm run test:browser`, which builds first).');
  }
  process.env.E2E_WEB_DIST_DIR = `${process.env.E2E_DATA_DIR}-web`;
  cpSync(builtSpa, process.env.E2E_WEB_DIST_DIR, { recursive: true, filter: (source) => !source.endsWith('.map') });
}
const port = Number(process.env.E2E_PORT);
const tilePort = Number(process.env.E2E_TILE_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: path.join('test-results', 'playwright', process.env.E2E_RUN_ID),
  fullyParallel: false,
  workers: 2,
  // One retry in CI only: the shared 2-core machines are noisy; a retried pass is still reported as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      command: 'node apps/server/bin/server.mjs',
      url: `${baseURL}/healthz`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // No network in tests: street map tiles come from the local tile server below.
        MAP_TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node e2e/support/tile-server.mjs',
      url: `http://127.0.0.1:${tilePort}/healthz`,
      env: { PORT: String(tilePort) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
