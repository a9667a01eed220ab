// Sending a report on a default install with no internet (issue 29): POST /api/send-pdf with only history_id, email,
// message and copy, answered within 3 s while the map tile source cannot be reached. The real server in its own
// process (embedded PGlite, outbox e-mail) with MAP_TILE_URL pointing at a host that never answers (every packet
// dropped: the slowest way to fail) and, in a second server, at one that refuses at once. The sample report (6
// comparables) is saved as the browser saves it, with its 7 photos stored on the server. Issue 29 measured 10.2 s for a
// send before (the state posted with every photo; each render waiting on the tiles).
// Run: npx tsx scripts/bench/send.bench.ts [SENDS]
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startProcess, subscribedBenchAgent } from './support';

const SENDS = Number(process.argv[2] ?? 8);
const TARGET_MS = 3000;
const BEFORE_MS = 10_200;
const log = (line: string) => process.stdout.write(`${line}\n`);
const sample = JSON.parse(readFileSync(new URL('../../samples/report-state.json', import.meta.url), 'utf8')) as Record<string, unknown> & { comaparables: Array<Record<string, unknown>> };
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The sample's photos, stored on the server under their properties (as /confirm-subject and /review store them). */
async function storePhotos(base: string, token: string): Promise<number> {
  const groups: Array<[string, string[]]> = [
    [String((sample.selectedPropertydata as { uuid: string }).uuid), sample.base64Images as string[]],
    ...sample.comaparables.map((c): [string, string[]] => [String(c.uuid), (c.propertyImages as string[]) ?? []]),
  ];
  let stored = 0;
  for (const [propertyId, photos] of groups) {
    if (photos.length === 0) continue;
    const form = new FormData();
    form.set('property_id', propertyId);
    for (const [i, dataUrl] of photos.entries()) {
      const [, type, data] = /^data:([^;]+);base64,(.*)$/s.exec(dataUrl)!;
      form.append('images[]', new Blob([Buffer.from(data!, 'base64')], { type }), `photo-${i}.${type!.endsWith('png') ? 'png' : 'jpg'}`);
    }
    const res = await fetch(`${base}/api/store-property-images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (res.status !== 200) throw new Error(`store-property-images: ${res.status} ${await res.text()}`);
    stored += photos.length;
  }
  return stored;
}

async function run(label: string, tileUrl: string, legacy = false): Promise<number[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cma-bench-send-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    const booted = performance.now();
    server = await startProcess(['apps/server/bin/server.mjs'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', DEMO_DATA: 'false', MAP_TILE_URL: tileUrl, WEB_DIST_DIR: path.join(dataDir, 'no-web') }, `${base}/healthz`);
    const token = await subscribedBenchAgent(base);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const photos = await storePhotos(base, token);
    // Saved as the browser saves it: the photos are on the server, not in the state.
    const saved = { ...sample, base64Images: [], comaparables: sample.comaparables.map((c) => ({ ...c, propertyImages: [] })), report_data: { ...(sample.report_data as object), reportId: 'send-bench' } };
    const history = await fetch(`${base}/api/post-history`, { method: 'POST', headers, body: JSON.stringify({ address: '1234 Elm Street, Denver, CO 80220', state: JSON.stringify(saved) }) });
    const historyId = ((await history.json()) as { data: { id: number } }).data.id;
    const ready = performance.now();
    const times: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/send-pdf`, { method: 'POST', headers, body: JSON.stringify({ history_id: historyId, email: `client${i}@example.com`, message: 'Here is the analysis we discussed.', copy: true }) });
      const answered = performance.now() - started;
      if (res.status !== 200) throw new Error(`send-pdf ${res.status}: ${await res.text()}`);
      times.push(answered);
    }
    log(
      `${label}: ${photos} stored photos; first send ${Math.round(times[0]!)} ms (${Math.round(ready - booted)} ms after the server was started), median of ${SENDS} ${Math.round(median(times))} ms, slowest ${Math.round(Math.max(...times))} ms — target ≤ ${TARGET_MS} ms: ${Math.max(...times) <= TARGET_MS ? 'met' : 'MISSED'}`,
    );
    if (legacy) {
      // An older client: the whole state posted with every photo and the logo inside it (saved, then printed).
      const posted: number[] = [];
      const body = JSON.stringify({ email: 'client@example.com', state: JSON.stringify({ ...sample, report_data: { ...(sample.report_data as object), reportId: 'send-bench-legacy' } }), copy_to_agent: true });
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await fetch(`${base}/api/send-pdf`, { method: 'POST', headers, body });
        if (res.status !== 200) throw new Error(`send-pdf (state) ${res.status}: ${await res.text()}`);
        posted.push(performance.now() - started);
      }
      log(`  the same report posted as a state (${Math.round(body.length / 1024)} KB, older clients): median ${Math.round(median(posted))} ms`);
    }
    return times;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const load = os.loadavg()[0]!.toFixed(1);
  log(`send-pdf by history_id, no internet (load average ${load}, ${os.cpus().length} cores); before issue 29: ${BEFORE_MS} ms`);
  // 10.255.255.1 is not routed: the tile request is never answered (each fetch waits out its time-out).
  await run('tile host that never answers (MAP_TILE_URL=http://10.255.255.1/{z}/{x}/{y}.png)', 'http://10.255.255.1/{z}/{x}/{y}.png', true);
  await run('tile host that refuses at once (a closed local port)', `http://127.0.0.1:${await freePort()}/{z}/{x}/{y}.png`);
  await run('the default tile source (OpenStreetMap) on this machine', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
