// The facts the engine reads about one property. @cma/cma's readListingRecord maps listing records to this shape;
// the web app and report read the same type. Unknown facts are null, never guessed.

import type { FineStep, NonMarketSaleType, PropertyType } from './listing-facts';

export const LEVELS_OPTIONS = ['One', 'Two', 'Three Or More', 'Bi-Level', 'Tri-Level', 'Multi/Split'] as const;
export type Levels = (typeof LEVELS_OPTIONS)[number];

/** Ordinal scales of the spec's additionalHomeFacts, lowest first (DESIGN.md §5). */
export const ADDITIONAL_FACT_SCALES = {
  Location: ['Undesirable', 'Noisy', 'Average', 'Good', 'Amazing'],
  'Basement Type': ['None', 'In-Ground', 'Garden Level', 'Walkout'],
  Windows: ['Below Average', 'Average', 'Above Average', 'Excellent New'],
  'Kitchen Condition': ['Dated', 'Typical Average', 'Partial Update Low', 'Partial Update High', 'Full Update'],
  'Bathroom Condition': ['Dated', 'Typical Average', 'Partial Update Low', 'Partial Update High', 'Full Update'],
  'Heating/Cooling': ['None', 'Evaporative', 'Central Air', 'Split Zone'],
} as const;
export type AdditionalFactGroup = keyof typeof ADDITIONAL_FACT_SCALES;

/** The longer scale values in a few words, for a narrow column (the adjustment grid), where the full value is still told. */
export const ADDITIONAL_FACT_SHORT_LABELS: Readonly<Record<string, string>> = {
  'Below Average': 'Below avg.',
  'Above Average': 'Above avg.',
  'Typical Average': 'Typical',
  'Partial Update Low': 'Partial, low',
  'Partial Update High': 'Partial, high',
};
export type AdditionalFacts = { [G in AdditionalFactGroup]?: (typeof ADDITIONAL_FACT_SCALES)[G][number] | null };

export interface SaleFacts {
  /** Listing id (or the record uuid for a hand-entered property). */
  id: string;
  /** Street address used to recognise repeat sales of the same home. */
  streetAddress: string | null;
  subdivision: string | null;
  /** Postal (zip) code; the back-test splits its subjects by it. Optional: hand-entered homes may not have one. */
  postalCode?: string | null;
  status: string | null; // MLS status, e.g. Closed, Active
  /** ISO date yyyy-mm-dd of the close, when sold. */
  closeDate: string | null;
  /** Close price minus concessions. */
  netSalesPrice: number | null;
  listPrice: number | null;
  latitude: number | null;
  longitude: number | null;
  levels: string | null;
  yearBuilt: number | null;
  lotSizeSqft: number | null;
  aboveGradeFinishedArea: number | null;
  belowGradeTotalArea: number | null;
  belowGradeFinishedArea: number | null;
  fireplaces: number | null;
  garageSpaces: number | null;
  bedrooms: number | null;
  /** Count of three-quarter and full bathrooms. */
  bathsFullAndThreeQuarter: number | null;
  /** Count of quarter and half bathrooms. */
  bathsHalfAndQuarter: number | null;
  additionalFacts: AdditionalFacts;
  /** UAD quality step, 1 (Q1, best) to 6 (Q6), as read from the listing or confirmed by the agent; null when unknown. */
  quality?: number | null;
  /** UAD condition step, 1 (C1, new) to 6 (C6). */
  condition?: number | null;
  /** Quality, condition and kitchen quality on the export's finer scale (higher is better; FactReading.rating); the market model reads them. */
  qualityRating?: number | null;
  conditionRating?: number | null;
  kitchenRating?: number | null;
  /** Quality and condition between whole steps where the export rates them finer (a grade, a ten-point word); the grid adjusts by them. */
  qualityFine?: FineStep | null;
  conditionFine?: FineStep | null;
  /** The latest renovation's year, from the remarks; the market model reads the home's age from it when later than the build. */
  renovatedYear?: number | null;
  /** Single-family, townhouse, condominium or multi-unit; comparables of another type are not mixed in unless asked. */
  propertyType?: PropertyType | null;
  /** A non-market sale (short sale, foreclosure …) and what said so; null or absent for an ordinary sale. */
  saleType?: NonMarketSaleType | null;
  /**
   * Text facts as the export wrote them (View, Waterfront, Property Condition …), keyed by the property
   * record's field name. Optional: the engine derives market adjustments for the ones with few distinct values.
   */
  features?: Readonly<Record<string, string | null | undefined>>;
}
