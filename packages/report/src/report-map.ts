// The report's map: which pins it shows and the size it is drawn at, the same for the PDF, the live page and the server
// that composes the tiles behind them (so the tiles and the pins line up).
import type { ReportDocumentInput } from './build-input';
import type { GeoPoint, MapPin } from './map-layout';

/** The map's size in PDF points (the page's content width) and on the live page (CSS pixels). */
export const REPORT_MAP_SIZE = { width: 540, height: 300 } as const;

/** The subject (without its price: its own earlier sale is not a comparable) and each located comparable with its sale price. */
export function reportMapPins(input: Pick<ReportDocumentInput, 'subject' | 'comparables'>): MapPin[] {
  const pins: MapPin[] = [];
  const { subject } = input;
  if (subject.latitude != null && subject.longitude != null) pins.push({ id: 'subject', number: 'S', price: null, lat: subject.latitude, lon: subject.longitude, subject: true });
  for (const c of input.comparables) {
    if (c.latitude != null && c.longitude != null) pins.push({ id: `c${c.number}`, number: String(c.number), price: c.netSalesPrice, lat: c.latitude, lon: c.longitude, subject: false });
  }
  return pins;
}

/** The points the report's street map frames, or null when it has none (no map page, or no located comparable). */
export function reportMapPoints(input: Pick<ReportDocumentInput, 'subject' | 'comparables' | 'pages'>): GeoPoint[] | null {
  if (!input.pages.includes('map')) return null;
  const pins = reportMapPins(input);
  return pins.some((p) => !p.subject) ? pins.map(({ lat, lon }) => ({ lat, lon })) : null;
}
