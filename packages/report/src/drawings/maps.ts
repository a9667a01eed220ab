// The report's map as shapes: numbered price pins over the street map composed from tiles, or over the offline drawing
// of relative positions (distance rings, north arrow, scale bar) when there are no tiles. Labels never overlap.
import type { BrandPalette } from '../palette';
import { INK, WHITE, tint } from '../palette';
import { MUTED, miles } from '../theme';
import { niceStep } from '../chart-scale';
import { layoutPins, tileView, type GeoPoint, type PlacedPin } from '../map-layout';
import type { LocationSeries } from '../content';
import type { Drawing, DrawingScale, Shape } from './shapes';

function pinShapes(pins: PlacedPin[], palette: BrandPalette, font: number): Shape[] {
  // Drawn least important first, so the subject's label sits on top.
  const drawn = [...pins].reverse();
  return [
    ...drawn.flatMap((p): Shape[] => (p.moved ? [{ kind: 'line', x1: p.x, y1: p.y, x2: p.labelX, y2: p.labelY, stroke: p.subject ? palette.brandText : INK, strokeWidth: font / 10 }] : [])),
    ...drawn.map((p): Shape => ({ kind: 'circle', cx: p.x, cy: p.y, r: font * 0.3, fill: p.subject ? palette.brand : INK, stroke: WHITE, strokeWidth: font / 10 })),
    ...drawn.flatMap((p): Shape[] => [
      { kind: 'rect', x: p.labelX - p.labelWidth / 2, y: p.labelY - p.labelHeight / 2, width: p.labelWidth, height: p.labelHeight, rx: p.labelHeight / 2, fill: p.subject ? palette.brand : WHITE, stroke: palette.brandText, strokeWidth: font / 8 },
      { kind: 'text', x: p.labelX, y: p.labelY + font * 0.36, text: p.text, size: font, fill: p.subject ? palette.onBrand : INK, anchor: 'middle', bold: true },
    ]),
  ];
}

/** The map with its pins (`font` sets the label size); a drawing saying "Location Not Available" without positions. */
export function locationDrawing(series: LocationSeries, scale: DrawingScale, palette: BrandPalette): Drawing {
  const { width, height, font } = scale;
  const subject = series.pins.find((p) => p.subject);
  const located = series.pins.filter((p) => !p.subject);
  const label = `Map of the subject (S) and ${located.length} comparables with their sale prices, north up`;
  if (!subject || located.length === 0) {
    return {
      width,
      height,
      label: 'Location Not Available',
      shapes: [
        { kind: 'rect', x: 0, y: 0, width, height, fill: tint(palette.brand, 0.92) },
        { kind: 'text', x: width / 2, y: height / 2, text: 'Location Not Available', size: font * 1.5, fill: MUTED, anchor: 'middle' },
      ],
    };
  }
  const view = series.image ? tileView(series.pins, width, height) : null;
  if (series.image && view) {
    const credit = font * 0.8;
    const creditWidth = series.image.attribution.length * credit * 0.56 + 10;
    return {
      width,
      height,
      label,
      background: series.image.src,
      shapes: [
        ...pinShapes(layoutPins(series.pins, view.project, font, { width, height }), palette, font),
        { kind: 'rect', x: width - creditWidth, y: height - credit * 1.45, width: creditWidth, height: credit * 1.45, fill: WHITE, opacity: 0.85 },
        { kind: 'text', x: width - 5, y: height - credit * 0.4, text: series.image.attribution, size: credit, fill: INK, anchor: 'end' },
      ],
    };
  }
  // Offline: relative positions around the subject in miles, north up.
  const milesPerLon = 69.17 * Math.cos((subject.lat * Math.PI) / 180);
  const offsets = located.map((p) => ({ x: (p.lon - subject.lon) * milesPerLon, y: (p.lat - subject.lat) * 69.0 }));
  const reach = Math.max(0.25, ...offsets.map((o) => Math.max(Math.abs(o.x), Math.abs(o.y))));
  const ringStep = niceStep(reach, 3);
  const pad = font * 4.2;
  const cx = width / 2;
  const cy = height / 2;
  const perMile = Math.min((width / 2 - pad) / reach, (height / 2 - pad) / reach);
  const project = (p: GeoPoint) => ({ x: cx + (p.lon - subject.lon) * milesPerLon * perMile, y: cy - (p.lat - subject.lat) * 69.0 * perMile });
  const shapes: Shape[] = [{ kind: 'rect', x: 0, y: 0, width, height, fill: tint(palette.brand, 0.94) }];
  for (let r = ringStep; r <= reach * 1.05 + 1e-9; r += ringStep) {
    shapes.push(
      { kind: 'circle', cx, cy, r: r * perMile, fill: 'none', stroke: tint(palette.brand, 0.55), strokeWidth: 0.75 },
      { kind: 'text', x: cx + r * perMile * 0.707 + 3, y: cy - r * perMile * 0.707 - 3, text: miles(r), size: font * 0.9, fill: MUTED },
    );
  }
  shapes.push(...pinShapes(layoutPins(series.pins, project, font, { width, height }), palette, font));
  const bar = ringStep * perMile;
  shapes.push(
    { kind: 'path', d: `M ${width - 24} 30 L ${width - 18} 14 L ${width - 12} 30 Z`, fill: INK },
    { kind: 'text', x: width - 18, y: 30 + font * 1.5, text: 'N', size: font, fill: INK, anchor: 'middle', bold: true },
    { kind: 'line', x1: 14, y1: height - 16, x2: 14 + bar, y2: height - 16, stroke: INK, strokeWidth: 1.5 },
    { kind: 'line', x1: 14, y1: height - 20, x2: 14, y2: height - 12, stroke: INK, strokeWidth: 1 },
    { kind: 'line', x1: 14 + bar, y1: height - 20, x2: 14 + bar, y2: height - 12, stroke: INK, strokeWidth: 1 },
    { kind: 'text', x: 14, y: height - 24, text: miles(ringStep), size: font * 0.9, fill: INK },
  );
  return { width, height, label, shapes };
}
