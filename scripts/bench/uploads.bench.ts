// Uploads: the server's peak memory while four clients each send a full Contact Us form (8 images of about 4.5 MB)
// at once. Files are streamed to temporary files and re-encoded one at a time, so the peak should stay far below the
// 4 × 8 × 4.5 MB that buffering every file would hold. The server runs as its own process; its RSS is read from /proc.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort, startProcess } from './support';

const CLIENTS = 4;
const FILES_PER_CLIENT = 8;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Random pixels do not compress: a 1,200 px square is about 4.3 MB as PNG, under the 5 MB per-image limit. */
async function noisePng(): Promise<Buffer> {
  const side = 1200;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cma-bench-uploads-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['apps/server/bin/server.mjs'],
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false', WEB_DIST_DIR: path.join(dataDir, 'no-web'), },
    `${base}/readyz`,
  );
  try {
    const images = await Promise.all(Array.from({ length: FILES_PER_CLIENT }, () => noisePng()));
    const sentMb = (CLIENTS * images.reduce((sum, image) => sum + image.length, 0)) / 1024 / 1024;
    // One warm-up form so the image codec and routes are loaded before the baseline is read.
    const form = (count: number) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ name: 'Bench Visitor', email: 'bench@example.com', subject: 'Bench', description: 'Upload bench', mobile_number: '3035550142' })) body.append(name, value);
      for (const image of images.slice(0, count)) body.append('email_attachment[]', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
      return body;
    };
    const send = (count: number) =>
      fetch(`${base}/api/contact-us`, { method: 'POST', body: form(count) }).then(async (res) => {
        if (!res.ok) throw new Error(`contact-us answered ${res.status}: ${await res.text()}`);
      });
    await send(1);
    const before = await rssMb(server.pid!);
    // The embedded database's start-up already set the process's high-water mark, so RSS is sampled during the uploads.
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb(server.pid!));
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, () => send(FILES_PER_CLIENT)));
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    console.log(`${CLIENTS} parallel Contact Us forms × ${FILES_PER_CLIENT} images: ${sentMb.toFixed(0)} MB sent in ${seconds.toFixed(1)} s`);
    console.log(`server RSS ${before.toFixed(0)} MB before, at most ${peak.toFixed(0)} MB during: ${(peak - before).toFixed(0)} MB more for ${sentMb.toFixed(0)} MB of files (${((peak - before) / sentMb).toFixed(2)} MB per MB sent)`);
  } finally {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
