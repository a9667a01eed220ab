// Listing pool uploads are read in a worker thread (decision 3001): the event loop only hands the request's bytes on,
// one piece at a time as the thread asks for them, so a body that unpacks to gigabytes, or one enormous listing, never
// stalls another agent's request, and no more than a few pieces of any upload wait in memory.
import { Worker } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import { LISTING_POOL_MAX_UPLOAD_BYTES, LISTING_POOL_TOO_LARGE_MESSAGE } from '@cma/contracts';
import { AppError, ClientClosedRequestError, ValidationError, type ValidationIssue } from '../../http/errors';

export const NOT_GZIPPED_JSON_MESSAGE = 'The listings must be sent as gzipped JSON.';

export type ToPoolThread =
  | { type: 'start'; id: number; gzipped: boolean; savedAt: string }
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'abort'; id: number };

export type FromPoolThread =
  | { type: 'ready' }
  | { type: 'more'; id: number }
  | { type: 'done'; id: number; hash: string; count: number; stored: Uint8Array }
  /** 413: unpacked past the byte cap; 422: the issues (none: the bytes were not gzip). */
  | { type: 'refused'; id: number; status: 413 | 422; issues: ValidationIssue[] }
  | { type: 'failed'; id: number; message: string };

export interface ReadListingPool {
  hash: string;
  count: number;
  /** The gzipped answer GET /api/history/{id}/listings sends for this pool. */
  stored: Buffer;
}

export interface ListingPoolUploads {
  /**
   * Reads an upload: the pool's hash, count and stored answer; rejects with a 413 or a 422 naming the field at the
   * first byte that makes the upload unacceptable (the rest is not read), or ClientClosedRequestError.
   */
  read(body: Readable, options: { gzipped: boolean; savedAt: string; declaredBytes?: number }): Promise<ReadListingPool>;
  close(): Promise<void>;
}

interface Pending {
  body: Readable;
  iterator: AsyncIterator<Buffer>;
  pulling: boolean;
  sent: number;
  resolve(read: ReadListingPool): void;
  reject(error: Error): void;
}

/** One worker thread, started on the first upload and kept (unreferenced: it never holds the process open). */
export function createListingPoolUploads(): ListingPoolUploads {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const tooLarge = () => new AppError(413, LISTING_POOL_TOO_LARGE_MESSAGE);

  function finish(id: number, outcome: { read: ReadListingPool } | { error: Error }): void {
    const upload = pending.get(id);
    if (!upload) return;
    pending.delete(id);
    if ('read' in outcome) upload.resolve(outcome.read);
    else {
      worker?.postMessage({ type: 'abort', id } satisfies ToPoolThread);
      upload.reject(outcome.error);
    }
  }

  /** The next piece of the request for the thread, which asked for it; the end, or the refusal past the size cap. */
  async function pull(id: number, upload: Pending): Promise<void> {
    if (upload.pulling) return;
    upload.pulling = true;
    try {
      const next = await upload.iterator.next();
      if (!pending.has(id)) return;
      if (next.done) return void worker?.postMessage({ type: 'end', id } satisfies ToPoolThread);
      upload.sent += next.value.length;
      if (upload.sent > LISTING_POOL_MAX_UPLOAD_BYTES) return finish(id, { error: tooLarge() });
      // A copy of exactly these bytes, handed over (a socket's piece may sit in a larger shared buffer).
      const bytes = new Uint8Array(next.value);
      worker?.postMessage({ type: 'chunk', id, bytes } satisfies ToPoolThread, [bytes.buffer]);
    } catch {
      finish(id, { error: new ClientClosedRequestError() });
    } finally {
      upload.pulling = false;
    }
  }

  function onMessage(message: FromPoolThread): void {
    if (message.type === 'ready') return;
    const upload = pending.get(message.id);
    if (!upload) return;
    switch (message.type) {
      case 'more':
        return void pull(message.id, upload);
      case 'done':
        return finish(message.id, { read: { hash: message.hash, count: message.count, stored: Buffer.from(message.stored.buffer, message.stored.byteOffset, message.stored.byteLength) } });
      case 'refused':
        if (message.status === 413) return finish(message.id, { error: tooLarge() });
        return finish(message.id, { error: message.issues.length > 0 ? ValidationError.fromIssues(message.issues) : new ValidationError({ body: [NOT_GZIPPED_JSON_MESSAGE] }) });
      case 'failed':
        return finish(message.id, { error: new Error(`The listings could not be read: ${message.message}`) });
    }
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(new URL('./listing-pool-worker.mjs', import.meta.url));
    started.unref();
    started.on('message', onMessage);
    // A thread that dies fails the uploads it was reading; the next upload starts another.
    const stopped = (error: Error) => {
      if (worker === started) worker = null;
      for (const id of [...pending.keys()]) finish(id, { error });
    };
    started.on('error', stopped);
    started.on('exit', (code) => stopped(new Error(`The listing pool reader stopped (exit ${code}).`)));
    worker = started;
    return started;
  }

  return {
    read(body, { gzipped, savedAt, declaredBytes }) {
      if (declaredBytes !== undefined && declaredBytes > LISTING_POOL_MAX_UPLOAD_BYTES) return Promise.reject(tooLarge());
      const id = nextId++;
      return new Promise<ReadListingPool>((resolve, reject) => {
        pending.set(id, { body, iterator: body[Symbol.asyncIterator](), pulling: false, sent: 0, resolve, reject });
        thread().postMessage({ type: 'start', id, gzipped, savedAt } satisfies ToPoolThread);
      });
    },

    async close() {
      const own = worker;
      worker = null;
      if (own) await own.terminate();
    },
  };
}
