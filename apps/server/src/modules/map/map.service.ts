import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { REPORT_MAP_SIZE, TILE_SIZE, reportMapPoints, tileView, type GeoPoint, type ReportDocumentInput } from '@cma/report';
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

/** Every tile of one map must arrive within this, or the map is the offline drawing. */
const MAP_DEADLINE_MS = 4000;
/** After a failure the tile source is not asked again for this long: each report would otherwise wait out the deadline. */
const RETRY_AFTER_MS = 60_000;
const PARALLEL_FETCHES = 6;

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
  let unavailableUntil = 0;

  async function compose(points: readonly GeoPoint[], width: number, height: number): Promise<StreetMapImage | null> {
    const view = tileView(points, width, height);
    if (!deps.source || !view || now() < unavailableUntil) return null;
    const placements = view.tiles(2);
    const key = JSON.stringify(placements) + `:${width}x${height}`;
    const hit = composed.get(key);
    if (hit) return hit;
    const source = deps.source;
    let deadline: NodeJS.Timeout | undefined;
    let tiles: Buffer[];
    try {
      tiles = await Promise.race([
        Promise.all(placements.map((t) => fetches(() => source.tile(t)))),
        new Promise<never>((_, reject) => (deadline = setTimeout(() => reject(new Error(`map tiles took longer than ${MAP_DEADLINE_MS} ms`)), MAP_DEADLINE_MS))),
      ]);
    } catch (error) {
      unavailableUntil = now() + RETRY_AFTER_MS;
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'map tiles unavailable: reports use the offline map drawing for a minute');
      return null;
    } finally {
      clearTimeout(deadline);
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

  return {
    compose,
    /** The street map behind the report's map page (null without one: no map page, no locations, or no tiles). */
    async forReport(input: ReportDocumentInput): Promise<StreetMapImage | null> {
      const points = reportMapPoints(input);
      return points ? compose(points, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height) : null;
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
