// Map arithmetic shared by /compare, the PDF and the live page (issue 19 item 7): Web-Mercator tiles for a set of points,
// pixel positions of the pins and label placement that never overlaps. Pure: no I/O, no React; its own entry point.

export const TILE_SIZE = 256;
/** Used when MAP_TILE_URL is not set: OpenStreetMap's standard tiles (fine for an install's own light use). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';
const MAX_ZOOM = 17;

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** World pixel position of a point at a zoom level (Web Mercator, the projection of every common tile server). */
export function worldPixel(point: GeoPoint, zoom: number): { x: number; y: number } {
  const size = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: ((point.lon + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

export interface TilePlacement {
  z: number;
  x: number;
  y: number;
  /** Where the tile's top-left corner goes in the image, pixels (may be negative: the tile is cut at the edge). */
  left: number;
  top: number;
}

export interface TileView {
  zoom: number;
  width: number;
  height: number;
  /** The tiles covering the view at `scale` × its size (scale 2 = tiles of the next zoom level for a sharp print). */
  tiles(scale?: 1 | 2): TilePlacement[];
  /** The point's position in the view, in view units. */
  project(point: GeoPoint): { x: number; y: number };
  /** Miles per view unit at the view's centre (for a scale bar). */
  milesPerUnit: number;
}

/**
 * The view of `width` × `height` units showing every point with `padding` units to spare: the highest zoom level at
 * which they fit, centred on their bounding box. Null without points.
 */
export function tileView(points: readonly GeoPoint[], width: number, height: number, padding = 40): TileView | null {
  if (points.length === 0) return null;
  let zoom = MAX_ZOOM;
  for (; zoom > 1; zoom--) {
    const px = points.map((p) => worldPixel(p, zoom));
    const spanX = Math.max(...px.map((p) => p.x)) - Math.min(...px.map((p) => p.x));
    const spanY = Math.max(...px.map((p) => p.y)) - Math.min(...px.map((p) => p.y));
    if (spanX <= width - 2 * padding && spanY <= height - 2 * padding) break;
  }
  const px = points.map((p) => worldPixel(p, zoom));
  const centreX = (Math.max(...px.map((p) => p.x)) + Math.min(...px.map((p) => p.x))) / 2;
  const centreY = (Math.max(...px.map((p) => p.y)) + Math.min(...px.map((p) => p.y))) / 2;
  const left = centreX - width / 2;
  const top = centreY - height / 2;
  const centreLat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const metresPerPixel = (156543.03392 * Math.cos((centreLat * Math.PI) / 180)) / 2 ** zoom;
  return {
    zoom,
    width,
    height,
    milesPerUnit: metresPerPixel / 1609.344,
    project: (point) => {
      const p = worldPixel(point, zoom);
      return { x: p.x - left, y: p.y - top };
    },
    tiles: (scale = 1) => {
      const z = zoom + (scale === 2 ? 1 : 0);
      const originX = left * scale;
      const originY = top * scale;
      const count = 2 ** z;
      const out: TilePlacement[] = [];
      for (let ty = Math.floor(originY / TILE_SIZE); ty * TILE_SIZE < originY + height * scale; ty++) {
        if (ty < 0 || ty >= count) continue;
        for (let tx = Math.floor(originX / TILE_SIZE); tx * TILE_SIZE < originX + width * scale; tx++) {
          out.push({ z, x: ((tx % count) + count) % count, y: ty, left: Math.round(tx * TILE_SIZE - originX), top: Math.round(ty * TILE_SIZE - originY) });
        }
      }
      return out;
    },
  };
}

/** A tile's URL from a `{z}/{x}/{y}` template ({s} → 'a', {r} → ''). */
export function tileUrl(template: string, tile: { z: number; x: number; y: number }): string {
  return template
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y))
    .replace('{s}', 'a')
    .replace('{r}', '');
}

export interface LabelBox {
  id: string;
  /** Where the label belongs (its centre), pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedLabel {
  x: number;
  y: number;
  /** True when the label sits away from its point (draw a leader line to the point). */
  moved: boolean;
}

const GAP = 2;

/** The drawing's area: labels stay inside it while there is room. */
export interface LabelBounds {
  width: number;
  height: number;
}

/**
 * Label positions with no two labels overlapping: in the given order (most important first), a label that would cover an
 * earlier one (or, with `bounds`, stick out of the drawing) moves to the nearest free spot on growing rings around its
 * point. Inside the bounds when a free spot within the drawing's diagonal exists, else the nearest free spot anywhere;
 * rings grow without limit, so every label finds one.
 */
export function placeLabels(labels: readonly LabelBox[], bounds?: LabelBounds): Map<string, PlacedLabel> {
  const placed: { x: number; y: number; w: number; h: number }[] = [];
  const result = new Map<string, PlacedLabel>();
  const free = (x: number, y: number, w: number, h: number) =>
    placed.every((p) => Math.abs(p.x - x) * 2 >= p.w + w + 2 * GAP || Math.abs(p.y - y) * 2 >= p.h + h + 2 * GAP);
  const inside = (x: number, y: number, w: number, h: number) =>
    !bounds || (x - w / 2 >= 0 && y - h / 2 >= 0 && x + w / 2 <= bounds.width && y + h / 2 <= bounds.height);
  const reach = bounds ? Math.hypot(bounds.width, bounds.height) : Infinity;
  for (const label of labels) {
    const { width: w, height: h } = label;
    const search = (fits: (x: number, y: number) => boolean, limit: number): PlacedLabel | null => {
      if (fits(label.x, label.y)) return { x: label.x, y: label.y, moved: false };
      const step = Math.max(h, 8);
      for (let ring = 1; ring * step <= limit; ring++) {
        const steps = 8 * ring;
        for (let i = 0; i < steps; i++) {
          const angle = (i / steps) * 2 * Math.PI - Math.PI / 2;
          const x = label.x + ring * step * Math.cos(angle);
          const y = label.y + ring * step * Math.sin(angle);
          if (fits(x, y)) return { x, y, moved: true };
        }
      }
      return null;
    };
    const spot = search((x, y) => free(x, y, w, h) && inside(x, y, w, h), reach) ?? search((x, y) => free(x, y, w, h), Infinity)!;
    placed.push({ x: spot.x, y: spot.y, w, h });
    result.set(label.id, spot);
  }
  return result;
}

/** Round pins (radius r) that never overlap: each pin is placed as the square around its circle. */
export function placePins(points: readonly { id: string; x: number; y: number; r: number }[]): Map<string, PlacedLabel> {
  return placeLabels(points.map((p) => ({ id: p.id, x: p.x, y: p.y, width: 2 * p.r, height: 2 * p.r })));
}

/** '$812k', '$1.25M': a price short enough for a map pin. */
export function pinPrice(price: number | null): string {
  if (price == null) return '';
  if (price >= 999_500) return `$${(price / 1_000_000).toFixed(price >= 9_995_000 ? 1 : 2).replace(/\.?0+$/, '')}M`;
  return `$${Math.round(price / 1000)}k`;
}

export interface MapPin {
  id: string;
  /** 'S' for the subject, '1'…'n' for comparables. */
  number: string;
  price: number | null;
  lat: number;
  lon: number;
  subject: boolean;
}

export interface PlacedPin extends MapPin {
  /** The point on the map. */
  x: number;
  y: number;
  /** The label's centre (equal to the point unless moved). */
  labelX: number;
  labelY: number;
  moved: boolean;
  text: string;
  labelWidth: number;
  labelHeight: number;
}

/**
 * Each pin's point and its label ('1 · $812k') in a view, labels never overlapping (subject first, then by number) and,
 * with `bounds`, inside the drawing while there is room.
 */
export function layoutPins(pins: readonly MapPin[], project: (p: GeoPoint) => { x: number; y: number }, fontSize = 8, bounds?: LabelBounds): PlacedPin[] {
  const ordered = [...pins].sort((a, b) => Number(b.subject) - Number(a.subject) || Number(a.number) - Number(b.number));
  const withText = ordered.map((pin) => {
    const text = pin.subject ? `S${pin.price != null ? `  ${pinPrice(pin.price)}` : ''}` : `${pin.number}${pin.price != null ? `  ${pinPrice(pin.price)}` : ''}`;
    const { x, y } = project({ lat: pin.lat, lon: pin.lon });
    // Helvetica-ish width: 0.6 em a character plus padding.
    return { pin, text, x, y, labelWidth: Math.ceil(text.length * fontSize * 0.6 + fontSize * 1.2), labelHeight: Math.ceil(fontSize * 2) };
  });
  const spots = placeLabels(withText.map((w) => ({ id: w.pin.id, x: w.x, y: w.y, width: w.labelWidth, height: w.labelHeight })), bounds);
  return withText.map((w) => {
    const spot = spots.get(w.pin.id)!;
    return { ...w.pin, x: w.x, y: w.y, labelX: spot.x, labelY: spot.y, moved: spot.moved, text: w.text, labelWidth: w.labelWidth, labelHeight: w.labelHeight };
  });
}
