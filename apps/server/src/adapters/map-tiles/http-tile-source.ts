import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tileUrl } from '@cma/report/map-layout';
import type { TileSource } from '../../modules/map/map.service';

export interface HttpTileSourceOptions {
  /** `https://…/{z}/{x}/{y}.png` */
  template: string;
  /** Folder the tiles are kept in (one sub-folder per template). */
  cacheDir: string;
  /** Tile servers ask every application to name itself (OpenStreetMap's usage policy). */
  userAgent: string;
  timeoutMs?: number;
  /** How long a kept tile is used before it is fetched again (OpenStreetMap asks for at least 7 days). */
  ttlMs?: number;
  /** A tile nobody asked for in this long is deleted (checked at most once a day, on a fetch). */
  forgetAfterMs?: number;
}

/** A tile larger than this is not a map tile. */
const MAX_TILE_BYTES = 1_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Tiles from a `{z}/{x}/{y}` tile server, kept on disk for `ttlMs`: a kept tile is read from disk, a stale one is
 * fetched again (and still used when the server cannot be reached). Concurrent asks for one tile share one fetch.
 */
export function createHttpTileSource(options: HttpTileSourceOptions): TileSource & { prune(): Promise<number> } {
  const { template, userAgent, timeoutMs = 2500, ttlMs = 7 * DAY_MS, forgetAfterMs = 30 * DAY_MS } = options;
  const root = path.join(options.cacheDir, createHash('sha256').update(template).digest('hex').slice(0, 16));
  const inFlight = new Map<string, Promise<Buffer>>();
  let prunedAt = 0;

  /** Deletes tiles (and interrupted writes) older than `forgetAfterMs`: the folder holds only the areas in use. */
  async function prune(): Promise<number> {
    prunedAt = Date.now();
    let names: string[];
    try {
      names = await readdir(root, { recursive: true });
    } catch {
      return 0;
    }
    let deleted = 0;
    for (const name of names) {
      const file = path.join(root, name);
      try {
        const info = await stat(file);
        if (info.isFile() && Date.now() - info.mtimeMs > forgetAfterMs) {
          await rm(file, { force: true });
          deleted++;
        }
      } catch {
        // removed meanwhile
      }
    }
    return deleted;
  }

  async function kept(file: string): Promise<{ bytes: Buffer; fresh: boolean } | null> {
    try {
      const info = await stat(file);
      return { bytes: await readFile(file), fresh: Date.now() - info.mtimeMs < ttlMs };
    } catch {
      return null;
    }
  }

  async function fetchTile(tile: { z: number; x: number; y: number }): Promise<Buffer> {
    const file = path.join(root, String(tile.z), String(tile.x), `${tile.y}`);
    const cached = await kept(file);
    if (cached?.fresh) return cached.bytes;
    try {
      const response = await fetch(tileUrl(template, tile), { headers: { 'user-agent': userAgent, accept: 'image/png,image/jpeg,image/*' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
      if (!response.ok) throw new Error(`tile server answered ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length === 0 || bytes.length > MAX_TILE_BYTES) throw new Error(`tile of ${bytes.length} bytes`);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
      return bytes;
    } catch (error) {
      if (cached) return cached.bytes;
      throw error;
    }
  }

  return {
    prune,
    tile(tile) {
      if (Date.now() - prunedAt > DAY_MS) void prune();
      const key = `${tile.z}/${tile.x}/${tile.y}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchTile(tile).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
