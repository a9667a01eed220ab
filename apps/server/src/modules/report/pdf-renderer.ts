// One worker thread renders the PDFs, so a 0.5 s render never stalls other requests on this instance.
import { Worker } from 'node:worker_threads';
import type { ReportDocumentInput } from '@cma/report';

export interface PdfRenderer {
  render(input: ReportDocumentInput): Promise<Buffer>;
  close(): Promise<void>;
}

type Pending = { resolve(pdf: Buffer): void; reject(error: Error): void };

export function createWorkerPdfRenderer(): PdfRenderer {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = null;
  };

  function start(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./pdf-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (message: { id?: number; pdf?: Uint8Array; error?: string }) => {
      if (message.id == null) return;
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      if (message.error != null) p.reject(new Error(message.error));
      else p.resolve(Buffer.from(message.pdf!));
    });
    // A crashed worker fails its renders and is restarted on the next one.
    w.on('error', (error) => failAll(error));
    w.on('exit', (code) => failAll(new Error(`PDF worker stopped (exit ${code})`)));
    worker = w;
    return w;
  }

  return {
    render(input) {
      const w = start();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, input });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
