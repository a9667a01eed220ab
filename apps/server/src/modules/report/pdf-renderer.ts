// PDFs render in worker threads, off the event loop, through a fair queue (render-queue.ts): a render never stalls
// other requests, one user's reports never hold up another's, and a render past its time limit is stopped.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ReportDocumentInput } from '@cma/report';
import { createRenderQueue, type RenderQueue, type Renderer } from './render-queue';

/** A render (from a warm worker) that takes longer is stopped: a capped report renders in about a second. */
export const PDF_RENDER_TIME_LIMIT_MS = 15_000;
/** Reports one user may have queued or rendering at once (an agent sends one at a time). */
export const PDF_RENDERS_PER_USER = 4;
/** Worker threads: one per core, at most 2 (each holds about 90 MB once loaded). */
export const PDF_RENDER_WORKERS = Math.min(2, availableParallelism());

export type PdfRenderer = Renderer<ReportDocumentInput, Buffer>;
export type PdfRenderQueue = RenderQueue<ReportDocumentInput, Buffer>;

export interface PdfRenderQueueOptions {
  timeLimitMs?: number;
  workers?: number;
}

export function createPdfRenderQueue(options: PdfRenderQueueOptions = {}): PdfRenderQueue {
  return createRenderQueue({
    renderers: Array.from({ length: options.workers ?? PDF_RENDER_WORKERS }, () => createWorkerPdfRenderer()),
    timeLimitMs: options.timeLimitMs ?? PDF_RENDER_TIME_LIMIT_MS,
    maxJobsPerUser: PDF_RENDERS_PER_USER,
  });
}

type Pending = { resolve(pdf: Buffer): void; reject(error: Error): void };
interface Thread {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, Pending>;
}

/**
 * One worker thread, started on first use. A render cannot be interrupted inside the thread, so aborting one
 * terminates the thread and starts a fresh one at once (the next render does not wait for it to load).
 */
export function createWorkerPdfRenderer(): PdfRenderer {
  let thread: Thread | null = null;
  let nextId = 1;
  let closed = false;

  function start(): Thread {
    if (thread) return thread;
    const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url));
    worker.unref();
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    ready.catch(() => {});
    const own: Thread = { worker, ready, pending: new Map() };
    // A crashed or terminated thread fails its renders; the next render starts another.
    const stopped = (error: Error) => {
      failReady(error);
      if (thread === own) thread = null;
      for (const p of own.pending.values()) p.reject(error);
      own.pending.clear();
    };
    worker.on('message', (message: { ready?: boolean; id?: number; pdf?: Uint8Array; error?: string }) => {
      if (message.ready) return markReady();
      if (message.id == null) return;
      const p = own.pending.get(message.id);
      if (!p) return;
      own.pending.delete(message.id);
      if (message.error != null) p.reject(new Error(message.error));
      else p.resolve(Buffer.from(message.pdf!));
    });
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`PDF worker stopped (exit ${code})`)));
    thread = own;
    return own;
  }

  return {
    warmUp: () => start().ready,

    render(input, signal) {
      if (signal.aborted) return Promise.reject(signal.reason);
      const own = start();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        const onAbort = () => {
          own.pending.delete(id);
          if (thread === own) thread = null;
          void own.worker.terminate().finally(() => {
            if (!closed) start();
            reject(signal.reason);
          });
        };
        signal.addEventListener('abort', onAbort, { once: true });
        own.pending.set(id, {
          resolve(pdf) {
            signal.removeEventListener('abort', onAbort);
            resolve(pdf);
          },
          reject(error) {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        });
        own.worker.postMessage({ id, input });
      });
    },

    async close() {
      closed = true;
      const own = thread;
      thread = null;
      if (own) await own.worker.terminate();
    },
  };
}
