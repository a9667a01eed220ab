import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { recordCspViolations } from './support/csp';

// Issue 21, decision 2160: on a public entry page, web vitals and error reporting run from the first paint, before the
// app (which loads when the visitor acts) has started them. The app under test is a server of its own with a Sentry DSN
// pointing at a receiver here, the way a real Sentry project receives the browser's envelopes.

interface SentryEvent {
  exception: { values: { type: string; value: string; mechanism: { type: string; handled: boolean } }[] };
  request?: { url: string };
  tags?: Record<string, string>;
  sdk?: { name: string };
}
declare global {
  interface Window {
    __CMA_WEB_VITALS__?: Record<string, number>;
  }
}

const received: { url: string; events: SentryEvent[] }[] = [];
let receiver: Server;
let app: ChildProcess;
let base = '';
let dataDir = '';

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Sentry's envelope endpoint as the browser sees it: any origin may post (text/plain, no preflight) and read the answer.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const items = body.split('\n').filter(Boolean);
      const events: SentryEvent[] = [];
      for (let i = 1; i < items.length; i += 2) if ((JSON.parse(items[i]!) as { type: string }).type === 'event') events.push(JSON.parse(items[i + 1]!) as SentryEvent);
      received.push({ url: request.url ?? '', events });
      response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end('{}');
    });
  });
  const receiverPort = await listen(receiver);
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  dataDir = mkdtempSync(path.join(tmpdir(), 'cma-e2e-observability-'));
  app = spawn(process.execPath, ['apps/server/bin/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      MAP_TILE_URL: 'off',
      SENTRY_DSN: `http://publickey@127.0.0.1:${receiverPort}/42`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  await expect(async () => expect((await fetch(`${base}/healthz`)).ok).toBe(true)).toPass({ timeout: 150_000 });
});

test.afterAll(async () => {
  app?.kill();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const eventsWith = (text: string) => received.flatMap((envelope) => envelope.events.map((event) => ({ envelope, event }))).filter(({ event }) => event.exception.values[0]?.value.includes(text));
const appCode = /\/assets\/index-[\w-]+\.js$/;
const flag = (page: Page, event: string, name: string) =>
  page.addInitScript(([event, name]) => document.addEventListener(event!, () => ((window as unknown as Record<string, boolean>)[name!] = true)), [event, name]);

test('an error and a rejection before the app loads are reported, web vitals are recorded from the first paint, and the app takes over both', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await recordCspViolations(page);
  await flag(page, 'cma:app-ready', 'appReady');
  await flag(page, 'cma:error-reporting-started', 'errorReportingStarted');
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.goto(`${base}/login`);
  await page.waitForLoadState('networkidle');

  // Before the visitor acts: no app code, yet the vitals are being recorded.
  await page.waitForFunction(() => (window.__CMA_WEB_VITALS__?.LCP ?? 0) > 0);
  expect(await page.evaluate(() => window.__CMA_WEB_VITALS__?.CLS)).toBe(0);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new TypeError('thrown before the app loaded');
    });
    void Promise.reject(new Error('rejected before the app loaded'));
  });
  await expect.poll(() => eventsWith('before the app loaded').length, { timeout: 30_000 }).toBe(2);
  const [thrown] = eventsWith('thrown before the app loaded');
  expect(thrown!.envelope.url).toMatch(/^\/api\/42\/envelope\/\?.*sentry_key=publickey/);
  expect(thrown!.event.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'thrown before the app loaded', mechanism: { type: 'onerror', handled: false } });
  expect(thrown!.event.request?.url).toBe(`${base}/login`);
  const [rejected] = eventsWith('rejected before the app loaded');
  expect(rejected!.event.exception.values[0]).toMatchObject({ type: 'Error', mechanism: { type: 'onunhandledrejection' } });
  expect(scripts.some((script) => appCode.test(script)), scripts.join(' ')).toBe(false);

  // The visitor acts: the app loads, starts web-vitals in the same figures and Sentry's SDK, which alone reports from then on.
  await page.mouse.move(40, 300);
  await page.waitForFunction(() => (window as unknown as { appReady?: boolean }).appReady === true);
  await page.waitForFunction(() => (window as unknown as { errorReportingStarted?: boolean }).errorReportingStarted === true, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => window.__CMA_WEB_VITALS__?.TTFB !== undefined && (window.__CMA_WEB_VITALS__?.LCP ?? 0) > 0);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('thrown once the app is live');
    });
  });
  await expect.poll(() => eventsWith('thrown once the app is live').length, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  const live = eventsWith('thrown once the app is live');
  expect(live, 'one report, not one from each').toHaveLength(1);
  expect(live[0]!.event.sdk?.name).toMatch(/^sentry\.javascript\./);
  expect(live[0]!.event.tags?.before_app).toBeUndefined();
  expect(await violations()).toEqual([]);
});
