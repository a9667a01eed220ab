// Street map bench (issue 19 item 7, decision 2070): composing the report's map from tiles (first from a local tile
// server, then from the disk cache) and what the map adds to a report render, measured in one run.
// Run: npx tsx scripts/bench/map.bench.ts [RUNS]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { REPORT_MAP_SIZE, buildReportInput, renderReportPdf, reportMapPoints } from '@cma/report';
import { createHttpTileSource } from '../../apps/server/src/adapters/map-tiles/http-tile-source';
import { createMapService } from '../../apps/server/src/modules/map/map.service';

const runs = Number(process.argv[2] ?? 12);
const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

// A local tile server: street-map-like 256 px PNG tiles (about 2 KB, as real ones are 5–30 KB).
let served = 0;
const server = createServer((request, response) => {
  const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
  if (!match) return void response.writeHead(404).end();
  served++;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f2efe9"/><g stroke="#fff" stroke-width="7"><line x1="0" y1="64" x2="256" y2="64"/><line x1="64" y1="0" x2="64" y2="256"/><line x1="0" y1="192" x2="256" y2="192"/><line x1="192" y1="0" x2="192" y2="256"/></g><text x="8" y="248" font-size="10">${match.slice(1).join('/')}</text></svg>`;
  void sharp(Buffer.from(svg)).png().toBuffer().then((png) => response.writeHead(200, { 'content-type': 'image/png' }).end(png));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;
const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'cma-map-bench-'));
const maps = createMapService({
  source: createHttpTileSource({ template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, cacheDir, userAgent: 'CMA Studio map bench' }),
  attribution: '© OpenStreetMap contributors',
  log: pino({ level: 'silent' }),
});

const sample = JSON.parse(readFileSync(new URL('../../samples/report-state.json', import.meta.url), 'utf8'));
const input = buildReportInput(sample);
const points = reportMapPoints(input)!;
// Each run moves the points a few metres, so the composed-image cache never answers: every run stitches tiles.
const shifted = (i: number) => points.map((p) => ({ lat: p.lat + i * 0.00003, lon: p.lon + i * 0.00003 }));

const time = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  const cpu = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - t, cpu: (used.user + used.system) / 1000 };
};

const cold = await time(() => maps.forPoints(shifted(0)));
const tilesFirst = served;
const warm: { wall: number; cpu: number }[] = [];
for (let i = 1; i <= runs; i++) warm.push(await time(() => maps.forPoints(shifted(i))));
const image = await maps.forPoints(points);
if (!image) throw new Error('no map composed');

// The report with and without its street map, alternating, after a warm-up.
const withMap = { ...input, mapImage: image };
for (let i = 0; i < 3; i++) await renderReportPdf(withMap);
const plain: number[] = [];
const mapped: number[] = [];
for (let i = 0; i < runs; i++) {
  plain.push((await time(() => renderReportPdf(input))).cpu);
  mapped.push((await time(() => renderReportPdf(withMap))).cpu);
}
server.close();
rmSync(cacheDir, { recursive: true, force: true });

const warmWall = median(warm.map((w) => w.wall));
const warmCpu = median(warm.map((w) => w.cpu));
log(`map bench: ${REPORT_MAP_SIZE.width}×${REPORT_MAP_SIZE.height} map at 2× (${input.comparables.length} comparables), ${runs} runs (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
log(`  first map (${tilesFirst} tiles fetched)   ${cold.wall.toFixed(0)} ms wall, ${cold.cpu.toFixed(0)} ms CPU`);
log(`  map from kept tiles     median ${warmWall.toFixed(0)} ms wall, ${warmCpu.toFixed(0)} ms CPU (${served - tilesFirst} more tiles fetched in ${runs} runs)`);
log(`  image                   ${(image.src.length * 0.75 / 1024).toFixed(0)} KB JPEG`);
log(`  report render CPU       median ${median(plain).toFixed(0)} ms without the map, ${median(mapped).toFixed(0)} ms with it (× ${(median(mapped) / median(plain)).toFixed(2)})`);
console.log(JSON.stringify({ bench: 'map', coldMs: Math.round(cold.wall), keptTilesMs: Math.round(warmWall), keptTilesCpuMs: Math.round(warmCpu), imageKb: Math.round((image.src.length * 0.75) / 1024), renderCpuRatio: Number((median(mapped) / median(plain)).toFixed(3)) }));
