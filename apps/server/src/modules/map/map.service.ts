import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { REPORT_MAP_SIZE, TILE_SIZE, reportMapPoints, tileView, type GeoPoint, type ReportDocumentInput, type TilePlacement } from '@cma/report';
import { decodeSlot } from '../../shared/reencode-image';
import { BoundedCache } from '../../shared/bounded-cache';

/** Where map tiles come from; `tile` rejects when the tile cannot be had. */
export interface TileSource {
  tile(tile: { z: number; x: number; y: number }): Promise<Buffer>;
}

export interface StreetMapImage {
  /** A JPEG data URL, twice the map's size in each direction (sharp in print and on high-density screens). */
  src: string;
  attribution: string;
}

interface Deps {
  /** null: maps are off (MAP_TILE_URL=off); every map is the offline drawing. */
  source: TileSource | null;
  attribution: string;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * How long a print waits for its map's tiles; later it is printed with the offline drawing while the tiles go on
 * arriving into the cache for the next print. A send waits least (issue 29: it answers within 3 s); a live page (built
 * once per saved version) and the browser's preview wait longer.
 */
export const MAP_WAIT_MS = 4000;
export const SEND_MAP_WAIT_MS = 1200;
/** After a slow failure the source is skipped (the offline drawing, no waiting) for this long, doubling up to MAX_SKIP_MS. */
export const FIRST_SKIP_MS = 60_000;
export const MAX_SKIP_MS = 30 * 60_000;
/**
 * A failure answered faster than this (connection refused, no such host) cost nothing to find out: the source is then
 * only left alone for QUICK_SKIP_MS, so a tile server that comes up a moment after the app is used at once.
 */
const QUICK_FAILURE_MS = 300;
const QUICK_SKIP_MS = 5_000;
const PARALLEL_FETCHES = 6;
/** The tile a probe asks for: the whole world at zoom 0, which every tile server has (and which is then kept). */
const PROBE_TILE = { z: 0, x: 0, y: 0 };

/**
 * Street map images composed from map tiles for the PDF and the live page (decision 2070): the same Web-Mercator view
 * the report draws its pins on (`tileView`), so tiles and pins line up. When tiles cannot be had the answer is null and
 * the report draws its offline map.
 */
export function createMapService(deps: Deps) {
  const now = deps.now ?? Date.now;
  const fetches = pLimit(PARALLEL_FETCHES);
  // The same comparables give the same image: a live page's PDF, a re-send, the /report preview.
  const composed = new BoundedCache<string, StreetMapImage>(24 * 1024 * 1024, (image) => image.src.length);
  // The source's health: skipped until `skipUntil` after failures (no render waits on it), probed again in the background.
  let failures = 0;
  let skipUntil = 0;
  /** The last failure took long to find out (a timeout): then no print asks again, a background probe does. */
  let slowFailure = false;
  let probing: Promise<boolean> | null = null;

  function failed(error: unknown, tookMs: number): void {
    failures++;
    slowFailure = tookMs >= QUICK_FAILURE_MS;
    const skipMs = slowFailure ? Math.min(MAX_SKIP_MS, FIRST_SKIP_MS * 2 ** (failures - 1)) : QUICK_SKIP_MS;
    skipUntil = now() + skipMs;
    deps.log.warn({ err: error instanceof Error ? error.message : String(error), skipSeconds: skipMs / 1000 }, 'map tiles unavailable: reports use the offline map drawing meanwhile');
  }

  /** Asks the source for one tile, in the background of any render; true when it answered. Shared while running. */
  function probe(): Promise<boolean> {
    const source = deps.source;
    if (!source) return Promise.resolve(false);
    const started = now();
    probing ??= source
      .tile(PROBE_TILE)
      .then(() => {
        failures = 0;
        skipUntil = 0;
        return true;
      })
      .catch((error: unknown) => {
        failed(error, now() - started);
        return false;
      })
      .finally(() => (probing = null));
    return probing;
  }

  /** The map's tiles stitched into one image, kept for the next print of the same view. */
  async function fetchAndStitch(source: TileSource, placements: readonly TilePlacement[], key: string, width: number, height: number): Promise<StreetMapImage | null> {
    let tiles: Buffer[];
    const started = now();
    try {
      tiles = await Promise.all(placements.map((t) => fetches(() => source.tile(t))));
      failures = 0;
    } catch (error) {
      failed(error, now() - started);
      return null;
    }
    try {
      const jpeg = await decodeSlot(() => stitch(placements, tiles, width * 2, height * 2));
      const image = { src: `data:image/jpeg;base64,${jpeg.toString('base64')}`, attribution: deps.attribution };
      composed.set(key, image);
      return image;
    } catch (error) {
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'map tiles could not be decoded: the offline map drawing is used');
      return null;
    }
  }

  async function compose(points: readonly GeoPoint[], width: number, height: number, waitMs = MAP_WAIT_MS): Promise<StreetMapImage | null> {
    const view = tileView(points, width, height);
    if (!deps.source || !view) return null;
    if (now() < skipUntil) return null;
    if (failures > 0 && slowFailure) {
      // Its skip is over: asked again in the background; this print does not wait for the answer.
      void probe();
      return null;
    }
    const placements = view.tiles(2);
    const key = JSON.stringify(placements) + `:${width}x${height}`;
    const hit = composed.get(key);
    if (hit) return hit;
    const pending = fetchAndStitch(deps.source, placements, key, width, height);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    try {
      return await Promise.race([pending, waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    compose,
    probe,
    /** The street map behind the report's map page (null without one: no map page, no locations, or no tiles). */
    async forReport(input: ReportDocumentInput, waitMs = MAP_WAIT_MS): Promise<StreetMapImage | null> {
      const points = reportMapPoints(input);
      return points ? compose(points, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height, waitMs) : null;
    },
    /** The same map for the points the browser sends (`reportMapPoints` of the report it renders). */
    forPoints: (points: readonly GeoPoint[]) => compose(points, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height),
  };
}
export type MapService = ReturnType<typeof createMapService>;

/**
 * The tiles laid on a canvas of whole tiles (sharp places overlays only inside the canvas), then the view cut out of it.
 * Tiles of another size (512 px "retina" tiles) are scaled to the grid.
 */
async function stitch(placements: readonly { left: number; top: number }[], tiles: readonly Buffer[], width: number, height: number): Promise<Buffer> {
  const minLeft = Math.min(...placements.map((p) => p.left));
  const minTop = Math.min(...placements.map((p) => p.top));
  const canvasWidth = Math.max(...placements.map((p) => p.left)) - minLeft + TILE_SIZE;
  const canvasHeight = Math.max(...placements.map((p) => p.top)) - minTop + TILE_SIZE;
  const overlays = await Promise.all(
    tiles.map(async (bytes, i) => ({
      input: await sharp(bytes, { limitInputPixels: 4 * 1024 * 1024, failOn: 'error' }).resize(TILE_SIZE, TILE_SIZE, { fit: 'fill' }).png().toBuffer(),
      left: placements[i]!.left - minLeft,
      top: placements[i]!.top - minTop,
    })),
  );
  const canvas = await sharp({ create: { width: canvasWidth, height: canvasHeight, channels: 3, background: '#eeeeee' } }).composite(overlays).raw().toBuffer({ resolveWithObject: true });
  return sharp(canvas.data, { raw: canvas.info })
    .extract({ left: -minLeft, top: -minTop, width: Math.min(width, canvasWidth + minLeft), height: Math.min(height, canvasHeight + minTop) })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
