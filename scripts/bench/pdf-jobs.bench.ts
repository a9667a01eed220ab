// PDF jobs bench (issue 20): how long a quick report waits while another agent's heavy reports render, on the real
// worker threads. "Before" is the old scheduling (one worker, first come first served); "after" is the per-user fair
// queue with one worker and with the default pool. Also the event loop's delay meanwhile and the memory the threads hold
// (each configuration runs in its own process, so its memory is its own).
// Run: npx tsx scripts/bench/pdf-jobs.bench.ts [ROUNDS]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { REPORT_MAX_COMPARABLES, REPORT_MAX_PHOTOS_PER_PROPERTY, buildReportInput, type ReportDocumentInput } from '@cma/report';
import { createWorkerPdfRenderer, PDF_RENDER_TIME_LIMIT_MS, PDF_RENDER_WORKERS } from '../../apps/server/src/modules/report/pdf-renderer';
import { createRenderQueue } from '../../apps/server/src/modules/report/render-queue';

const rounds = Number(process.argv[2] ?? 3);
// Set when this file runs itself for one configuration.
const only = process.env.PDF_JOBS_BENCH_CONFIG;
const log = (line: string) => process.stdout.write(`${line}\n`);
const sample = JSON.parse(readFileSync(new URL('../../samples/report-state.json', import.meta.url), 'utf8'));

// The heaviest report the caps let through with stored-size photos: 30 comparables, 40 subject photos, all distinct
// 1600 px JPEGs (React-PDF caches identical sources).
async function heavyReport(): Promise<ReportDocumentInput> {
  const base = Buffer.from(String(sample.base64Images[0]).split(',')[1]!, 'base64');
  const photo = async (i: number) =>
    `data:image/jpeg;base64,${(await sharp(base).resize(1600, 1067, { fit: 'fill' }).modulate({ hue: (i * 7) % 360 }).jpeg({ quality: 82 }).toBuffer()).toString('base64')}`;
  const photos = await Promise.all(Array.from({ length: REPORT_MAX_PHOTOS_PER_PROPERTY + REPORT_MAX_COMPARABLES }, (_, i) => photo(i)));
  return buildReportInput({
    ...sample,
    base64Images: photos.slice(0, REPORT_MAX_PHOTOS_PER_PROPERTY),
    comaparables: Array.from({ length: REPORT_MAX_COMPARABLES }, (_, i) => ({
      ...sample.comaparables[i % sample.comaparables.length],
      uuid: `bench-${i}`,
      propertyImages: [photos[REPORT_MAX_PHOTOS_PER_PROPERTY + i]],
    })),
  });
}
const quick: ReportDocumentInput = buildReportInput(sample);
const HEAVY_JOBS = 3;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Figures {
  quickAlone: number;
  heavyAlone: number;
  quickBehindHeavy: number;
  loopP99: number;
  rssMb: number;
}

/** `fair`: users keyed apart (the new queue); otherwise every job under one key, i.e. first come first served. */
async function measure(workers: number, fair: boolean, heavy: ReportDocumentInput): Promise<Figures> {
  const renderers = Array.from({ length: workers }, () => createWorkerPdfRenderer());
  const queue = createRenderQueue({ renderers, timeLimitMs: PDF_RENDER_TIME_LIMIT_MS, maxJobsPerUser: 100 });
  const user = (name: string) => (fair ? name : 'everyone');
  const timed = async (promise: Promise<unknown>, since = performance.now()) => (await promise, performance.now() - since);
  try {
    await Promise.all(renderers.map((r) => r.warmUp()));
    // Warm-up renders on every worker: module init and the layout engine's first compile are not per-report costs.
    for (let i = 0; i < 2; i++) await Promise.all(renderers.map((_, w) => queue.render(`warm-${w}`, quick)));
    const quickAlone: number[] = [];
    const heavyAlone: number[] = [];
    const behind: number[] = [];
    const loop = monitorEventLoopDelay({ resolution: 10 });
    for (let round = 0; round < rounds; round++) {
      quickAlone.push(await timed(queue.render(user('agent-b'), quick)));
      heavyAlone.push(await timed(queue.render(user('agent-a'), heavy)));
      loop.enable();
      const heavyJobs = Array.from({ length: HEAVY_JOBS }, () => queue.render(user('agent-a'), heavy));
      behind.push(await timed(queue.render(user('agent-b'), quick)));
      await Promise.all(heavyJobs);
      loop.disable();
    }
    return {
      quickAlone: median(quickAlone),
      heavyAlone: median(heavyAlone),
      quickBehindHeavy: median(behind),
      loopP99: loop.percentile(99) / 1e6,
      rssMb: process.memoryUsage().rss / 1e6,
    };
  } finally {
    await queue.close();
  }
}

const configs = [
  { label: 'before: 1 worker, first come first served', workers: 1, fair: false },
  { label: 'after:  1 worker, per-user fair queue     ', workers: 1, fair: true },
  { label: `after:  ${PDF_RENDER_WORKERS} worker${PDF_RENDER_WORKERS === 1 ? ', ' : 's,'} per-user fair queue    `, workers: PDF_RENDER_WORKERS, fair: true },
];

if (only !== undefined) {
  const config = configs[Number(only)]!;
  const f = await measure(config.workers, config.fair, await heavyReport());
  log(
    `  ${config.label}  quick alone ${f.quickAlone.toFixed(0)} ms, heavy alone ${f.heavyAlone.toFixed(0)} ms, ` +
      `quick behind heavy ${f.quickBehindHeavy.toFixed(0)} ms (${(f.quickBehindHeavy / f.heavyAlone).toFixed(1)} heavy renders); ` +
      `event loop p99 ${f.loopP99.toFixed(0)} ms; rss ${f.rssMb.toFixed(0)} MB`,
  );
  process.exit(0);
}

log(`PDF jobs bench: a quick report (${quick.comparables.length} comparables) sent while another agent has ${HEAVY_JOBS} heavy ones queued`);
log(`  heavy = ${REPORT_MAX_COMPARABLES} comparables with a photo each, ${REPORT_MAX_PHOTOS_PER_PROPERTY} subject photos (the caps; distinct 1600 px JPEGs); ${rounds} rounds, medians`);
log(`  load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; default pool ${PDF_RENDER_WORKERS} worker(s)`);
for (const [i] of configs.entries()) {
  const status = spawnSync('npx', ['tsx', new URL(import.meta.url).pathname, String(rounds)], { stdio: 'inherit', env: { ...process.env, PDF_JOBS_BENCH_CONFIG: String(i) } }).status;
  if (status !== 0) process.exit(status ?? 1);
}
