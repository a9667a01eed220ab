// Report bench (DESIGN.md §7): server render of a 6-comparable report with 12 distinct photos — median ms and reports/s.
// Target: under 500 ms a report. Then the full report of issue 19 (every page: cover letter, bio, 12 photos, a street map
// composed from tiles, market statistics over 600 loaded listings, net sheet, an uploaded PDF page, the brand kit):
// target under 1 s median on the server. Run: npx tsx scripts/bench/report.bench.ts [RUNS]
import { readFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { REPORT_PAGES, buildReportInput, renderReportPdf, reportMapPoints, type BuildOptions } from '@cma/report';
import { createHttpTileSource } from '../../apps/server/src/adapters/map-tiles/http-tile-source';
import { createMapService } from '../../apps/server/src/modules/map/map.service';

const runs = Number(process.argv[2] ?? 12);
const log = (line: string) => process.stdout.write(`${line}\n`);
const sample = JSON.parse(readFileSync(new URL('../../samples/report-state.json', import.meta.url), 'utf8'));

// 12 distinct JPEG photos (React-PDF caches identical sources, so each gets its own hue): 6 of the subject, 1 per comparable.
const base = Buffer.from(String(sample.base64Images[0]).split(',')[1]!, 'base64');
const photos = await Promise.all(
  Array.from({ length: 12 }, async (_, i) => `data:image/jpeg;base64,${(await sharp(base).modulate({ hue: i * 30 }).jpeg({ quality: 80 }).toBuffer()).toString('base64')}`),
);
const state = {
  ...sample,
  base64Images: photos.slice(0, 6),
  comaparables: sample.comaparables.map((c: Record<string, unknown>, i: number) => ({ ...c, propertyImages: [photos[6 + i]] })),
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Renders `runs` times: each run's wall-clock time and CPU time (user + system of this process) in ms, and the last PDF.
 * CPU time as well as wall time: on a shared, loaded machine the wall clock mostly measures waiting for a core.
 */
async function timeRenders(render: () => Promise<Buffer>): Promise<{ times: number[]; cpuTimes: number[]; last: Buffer }> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let last: Buffer = Buffer.alloc(0);
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    last = await render();
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - t);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  return { times, cpuTimes, last };
}

// Warm-up: module init, font metrics and the layout engine's first compile are not per-report costs.
for (let i = 0; i < 4; i++) await renderReportPdf(buildReportInput(state));
const { times, cpuTimes, last } = await timeRenders(() => renderReportPdf(buildReportInput(state)));
const bytes = last.length;
const med = median(times);
const cpuMed = median(cpuTimes);
log(`report bench: 6 comparables, 12 photos, ${runs} renders (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
log(`  PDF size              ${(bytes / 1024).toFixed(0)} KB`);
log(`  median render         ${med.toFixed(0)} ms   (min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms)`);
log(`  median CPU time       ${cpuMed.toFixed(0)} ms   (user + system of this process)`);
log(`  reports per second    ${(1000 / med).toFixed(2)} wall-clock, one process; ${(1000 / cpuMed).toFixed(2)} per free core`);
log(`  target < 500 ms       ${med < 500 ? 'met' : `NOT met on the wall clock${cpuMed < 500 ? ' (met in CPU time: the machine is busy)' : ''}`}`);

// The full report: every page on, as a server builds it (prepare: map from the tile cache, then build and render).
let served = 0;
const tiles = createServer((request, response) => {
  const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
  if (!match) return void response.writeHead(404).end();
  served++;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f2efe9"/><g stroke="#fff" stroke-width="7"><line x1="0" y1="64" x2="256" y2="64"/><line x1="64" y1="0" x2="64" y2="256"/></g><text x="8" y="248" font-size="10">${match.slice(1).join('/')}</text></svg>`;
  void sharp(Buffer.from(svg)).png().toBuffer().then((png) => response.writeHead(200, { 'content-type': 'image/png' }).end(png));
});
await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'cma-report-bench-'));
const maps = createMapService({
  source: createHttpTileSource({ template: `http://127.0.0.1:${(tiles.address() as { port: number }).port}/{z}/{x}/{y}.png`, cacheDir, userAgent: 'CMA Studio report bench' }),
  attribution: '© OpenStreetMap contributors',
  log: pino({ level: 'silent' }),
});

// 600 loaded listings around the subject over the last 12 months: closed, active and pending, with list prices and days on market.
const subjectRow = sample.selectedPropertydata as Record<string, unknown>;
const [lat, lon] = [Number(subjectRow.Latitude), Number(subjectRow.Longitude)];
const loaded = Array.from({ length: 600 }, (_, i) => {
  const status = i % 5 === 0 ? 'Active' : i % 7 === 0 ? 'Pending' : 'Closed';
  const price = 500_000 + ((i * 7919) % 600_000);
  const month = String(1 + (i % 11)).padStart(2, '0');
  return {
    'Listing Id': `BENCH${i}`,
    MLS: status,
    'List Price': String(price + 10_000),
    'Net Sales Price': status === 'Closed' ? String(price) : '',
    'Close Date': status === 'Closed' ? `2026-${month}-15` : '',
    'Day on market': String(5 + (i % 60)),
    'Above Grade Finished Area': String(1400 + (i % 900)),
    Latitude: String(lat + ((i % 40) - 20) * 0.0006),
    Longitude: String(lon + ((i % 30) - 15) * 0.0006),
    'Postal Code': subjectRow['Postal Code'],
  };
});
const headshot = `data:image/jpeg;base64,${(await sharp(base).resize(400, 400).jpeg({ quality: 82 }).toBuffer()).toString('base64')}`;
const uploaded = await PDFDocument.create();
const font = await uploaded.embedFont(StandardFonts.Helvetica);
uploaded.addPage([612, 792]).drawText('Our marketing plan', { x: 72, y: 700, size: 28, font });
const plan = { id: 'plan', name: 'Marketing plan', pageCount: 1, pdf: await uploaded.save() };
const fullState = {
  ...state,
  allCsvData: loaded,
  report_data: {
    ...state.report_data,
    customPages: [{ id: 'plan' }],
    pages: [...REPORT_PAGES.map((p) => ({ id: p.id, on: true })), { id: 'custom:plan', on: true }],
    marketArea: { kind: 'radius', miles: 2 },
    netSheet: { commissionPercent: 5.5, closingCosts: 4200, concessions: 5000, mortgagePayoff: 310_000, otherCosts: 1500 },
  },
};
const fullOptions: BuildOptions = {
  agent: { agentName: 'Robin Vale', licenceNumber: 'FA.100012345', tagline: 'Park Hill homes, sold with care', bio: 'Robin has sold homes in Park Hill since 2014. '.repeat(6), headshot, brokerageLogo: headshot },
  brandColour: '#1f7a3c',
  customPages: [plan],
};
const fullReport = async () => {
  const input = buildReportInput(fullState, fullOptions);
  const points = reportMapPoints(input);
  return renderReportPdf({ ...input, mapImage: points ? await maps.forPoints(points) : null });
};
const first = await fullReport(); // tiles fetched once, then kept (as a server keeps them)
const tilesFetched = served;
for (let i = 0; i < 3; i++) await fullReport();
const { times: fullTimes, cpuTimes: fullCpu, last: lastFull } = await timeRenders(fullReport);
const fullPages = (await PDFDocument.load(lastFull)).getPageCount();
tiles.close();
rmSync(cacheDir, { recursive: true, force: true });
const fullMed = median(fullTimes);
const fullCpuMed = median(fullCpu);
const fullInput = buildReportInput(fullState, fullOptions);
log(`full report: every page (${fullPages} pages), 12 photos, street map (${tilesFetched} tiles fetched once), market statistics of ${fullInput.marketStats.listingsInArea} listings, net sheet, 1 uploaded page, ${runs} renders`);
log(`  PDF size              ${(first.length / 1024).toFixed(0)} KB`);
log(`  median render         ${fullMed.toFixed(0)} ms   (min ${Math.min(...fullTimes).toFixed(0)} ms, max ${Math.max(...fullTimes).toFixed(0)} ms)`);
log(`  median CPU time       ${fullCpuMed.toFixed(0)} ms`);
log(`  target < 1 s          ${fullMed < 1000 ? 'met' : `NOT met on the wall clock${fullCpuMed < 1000 ? ' (met in CPU time: the machine is busy)' : ''}`}`);
