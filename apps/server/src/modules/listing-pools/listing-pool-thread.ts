// The worker thread's side of reading listing pool uploads (decision 3001). Several uploads are read at once, each a
// session the main thread feeds one piece at a time, when the session asks: unpacked with a byte cap, read listing by
// listing, and written straight into the gzipped answer GET /api/history/{id}/listings sends; no upload is held whole.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { createGunzip, createGzip } from 'node:zlib';
import { LISTING_POOL_MAX_JSON_BYTES, LISTING_POOL_MAX_LISTING_BYTES, LISTING_POOL_MAX_LISTINGS } from '@cma/contracts';
import { createListingPoolReader, PoolBodyError } from './listing-pool-reader';
import type { FromPoolThread, ToPoolThread } from './listing-pool-uploads';

const port = parentPort!;
const post = (message: FromPoolThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

class TooLargeError extends Error {}

/** An upload being read: its bytes arrive through `source`. */
interface Session {
  source: Readable;
  /** Set while the session waits for the piece it asked for. */
  asked: boolean;
  stop(): void;
}
const sessions = new Map<number, Session>();

/** The stored answer's head and tail around the listings' own bytes: the envelope GET sends. */
const HEAD = Buffer.from('{"status_code":200,"data":{"listings":[');
const tail = (hash: string, count: number, savedAt: string) => Buffer.from(`],"hash":${JSON.stringify(hash)},"count":${count},"saved_at":${JSON.stringify(savedAt)}}}`);
const COMMA = Buffer.from(',');

/** Listings' bytes are handed to the answer's gzip this many at a time: one write each would cost a zlib call per listing. */
const BATCH_BYTES = 256 * 1024;

async function read(id: number, text: Readable, output: NodeJS.ReadWriteStream & { writableNeedDrain: boolean }): Promise<{ hash: string; count: number }> {
  let batch: Buffer[] = [HEAD];
  let batched = HEAD.length;
  const flush = () => {
    if (batch.length > 0) output.write(Buffer.concat(batch, batched));
    batch = [];
    batched = 0;
  };
  const reader = createListingPoolReader({ maxListings: LISTING_POOL_MAX_LISTINGS, maxListingBytes: LISTING_POOL_MAX_LISTING_BYTES }, (json, index) => {
    if (index > 0) {
      batch.push(COMMA);
      batched += COMMA.length;
    }
    batch.push(json);
    batched += json.length;
    if (batched >= BATCH_BYTES) flush();
  });
  let inflated = 0;
  for await (const piece of text as AsyncIterable<Buffer>) {
    inflated += piece.length;
    if (inflated > LISTING_POOL_MAX_JSON_BYTES) throw new TooLargeError();
    reader.write(piece);
    // The answer's gzip sets the pace: nothing more is read while it has not taken what it was given.
    if (output.writableNeedDrain) await once(output, 'drain');
    if (!sessions.has(id)) break;
  }
  const read = reader.end();
  flush();
  return read;
}

function start(id: number, gzipped: boolean, savedAt: string): void {
  const session: Session = {
    asked: false,
    source: new Readable({
      highWaterMark: 64 * 1024,
      read() {
        if (session.asked) return;
        session.asked = true;
        post({ type: 'more', id });
      },
    }),
    stop: () => {
      session.source.destroy();
      gunzip?.destroy();
      output.destroy();
    },
  };
  const gunzip = gzipped ? createGunzip({ chunkSize: 64 * 1024 }) : null;
  const output = createGzip({ level: 1, chunkSize: 64 * 1024 });
  const stored: Buffer[] = [];
  output.on('data', (piece: Buffer) => stored.push(piece));
  sessions.set(id, session);

  void (async () => {
    try {
      const { hash, count } = await read(id, gunzip ? session.source.pipe(gunzip) : session.source, output);
      output.end(tail(hash, count, savedAt));
      await once(output, 'end');
      // A buffer of its own, so it can be handed over without a copy.
      const bytes = new Uint8Array(stored.reduce((n, piece) => n + piece.length, 0));
      stored.reduce((at, piece) => (bytes.set(piece, at), at + piece.length), 0);
      if (sessions.has(id)) post({ type: 'done', id, hash, count, stored: bytes }, [bytes.buffer]);
    } catch (error) {
      if (!sessions.has(id)) return; // aborted: nobody waits for the answer
      if (error instanceof PoolBodyError) post({ type: 'refused', id, status: 422, issues: error.issues.map(({ path, message }) => ({ path: path.map(String), message })) });
      else if (error instanceof TooLargeError) post({ type: 'refused', id, status: 413, issues: [] });
      else if (String((error as { code?: unknown }).code).startsWith('Z_')) post({ type: 'refused', id, status: 422, issues: [] }); // not gzip
      else post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
    } finally {
      sessions.delete(id);
      session.stop();
    }
  })();
}

port.on('message', (message: ToPoolThread) => {
  if (message.type === 'start') return start(message.id, message.gzipped, message.savedAt);
  const session = sessions.get(message.id);
  if (!session) return;
  if (message.type === 'chunk') {
    session.asked = false;
    session.source.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
  } else if (message.type === 'end') session.source.push(null);
  else {
    sessions.delete(message.id);
    session.stop();
  }
});
post({ type: 'ready' });
