// Location and charts: where the comparables are (the street map or the offline drawing, with numbered price pins),
// their distances, and price per square foot against size.
import type { ReportDocumentInput } from '../build-input';
import { reportMapPins } from '../report-map';
import type { MapPin } from '../map-layout';
import { miles } from '../theme';

export interface LocationSeries {
  /** The subject first (when located), then each located comparable with its sale price. */
  pins: MapPin[];
  /** The street map composed from tiles, or null for the offline drawing. */
  image: { src: string; attribution: string } | null;
}

export interface PricePerSqftSeries {
  dots: Array<{ number: number; size: number; perSqft: number }>;
  subjectSize: number | null;
}

export interface MapContent {
  caption: string;
  location: LocationSeries;
  legend: Array<{ number: number; street: string; distance: string }>;
  pricePerSqft: PricePerSqftSeries;
}

export function pricePerSqftSeries(input: ReportDocumentInput): PricePerSqftSeries {
  return {
    dots: input.comparables.flatMap((c) => (c.pricePerSqft != null && c.aboveGradeArea != null ? [{ number: c.number, size: c.aboveGradeArea, perSqft: c.pricePerSqft }] : [])),
    subjectSize: input.subject.aboveGradeArea,
  };
}

export function mapContent(input: ReportDocumentInput): MapContent {
  return {
    caption: input.mapImage ? 'The subject (S) and each comparable with its sale price, north up.' : 'Relative positions and straight-line distances from the subject (S), north up.',
    location: { pins: reportMapPins(input), image: input.mapImage },
    legend: input.comparables.map((c) => ({ number: c.number, street: c.street, distance: miles(c.distanceMiles) })),
    pricePerSqft: pricePerSqftSeries(input),
  };
}
