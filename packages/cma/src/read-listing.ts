// The one reader of listing records (spec §3 field names, as imported, searched, typed in or restored from history)
// into the engine's SaleFacts. The screens, the PDF, the server, the CLI and the back-test all read records here.
import {
  ADDITIONAL_FACT_SCALES,
  FEATURE_TEXT_FIELDS,
  NOT_AVAILABLE,
  chosenFine,
  chosenRating,
  chosenStep,
  readListingFacts,
  suggestAdditionalFacts,
  withSuggestedFacts,
  type AdditionalFacts,
  type ListingReadings,
  type SaleFacts,
  type SuggestedFacts,
} from '@cma/valuation';

/** A listing record as stored: spec §3 keys, loosely typed because history restores arbitrary JSON. */
export type ListingRecord = Record<string, unknown>;

/** As the subject, what the agent ticked as subject facts wins; as a comparable only its comparable facts count. */
export type RecordRole = 'subject' | 'comparable';

/** A finite number from a record value ('1,234', '$ 450,000', 3) or null ('Not Available', '', junk). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[$,\s]/g, '');
  if (!cleaned || !/^-?\d*\.?\d+$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** Text of a record value, or null when empty / 'Not Available'. */
export function textOf(value: unknown): string | null {
  if (value == null) return null;
  const text = String(value).trim();
  return text && text !== NOT_AVAILABLE && text !== 'undefined' && text !== 'null' ? text : null;
}

/** MM/DD/YYYY or yyyy-mm-dd → yyyy-mm-dd; null otherwise. */
export function isoDate(value: unknown): string | null {
  const text = textOf(value);
  if (!text) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  return null;
}

/** The record's id: Listing Id, else uuid, else the fallback. */
export function recordId(record: ListingRecord, fallback: string): string {
  return textOf(record['Listing Id']) ?? textOf(record.uuid) ?? fallback;
}

/** Additional facts whose value is on their group's scale (a checkbox group may be saved as a one-element list). */
export function additionalFactsOf(raw: unknown): AdditionalFacts {
  const facts: AdditionalFacts = {};
  if (!raw || typeof raw !== 'object') return facts;
  for (const [group, scale] of Object.entries(ADDITIONAL_FACT_SCALES)) {
    let value = (raw as Record<string, unknown>)[group];
    if (Array.isArray(value)) value = value[0];
    if (typeof value === 'string' && (scale as readonly string[]).includes(value)) (facts as Record<string, string>)[group] = value;
  }
  return facts;
}

/** What the listing's own columns and remarks suggest for its additional home facts (the agent confirms each). */
export function suggestedFactsOf(record: ListingRecord): SuggestedFacts {
  return suggestAdditionalFacts({
    basement: textOf(record.Basement),
    belowGradeTotalArea: numberOf(record['Below Grade Total Area']),
    cooling: textOf(record.Cooling),
    heating: textOf(record.Heating),
    remarks: textOf(record['Public-Remarks']),
  });
}

/**
 * The additional facts that count for a record in a role: the subject's own ticks win over its comparable ticks. A
 * listing no agent has chosen yet (no `factsSuggested`) counts with what its export suggests, as it would once chosen,
 * so the market's rates for these facts are measured on the loaded sales and the back-test values as the app does.
 */
export function additionalFactsFor(record: ListingRecord, role: RecordRole): AdditionalFacts {
  const asComparable = additionalFactsOf(record.selectedAdditionalInfo);
  const own = role === 'subject' ? { ...asComparable, ...additionalFactsOf(record.subjectAdditionalInfo) } : asComparable;
  return record.factsSuggested === true ? own : withSuggestedFacts(own, suggestedFactsOf(record)).facts;
}

/** What the record's own columns and remarks say about quality, condition, property type and sale type (the suggestions). */
export function listingReadingsOf(record: ListingRecord): ListingReadings {
  return readListingFacts({
    remarks: textOf(record['Public-Remarks']),
    condition: textOf(record['Property Condition']),
    propertyType: textOf(record['Property Type']),
    propertySubType: textOf(record['Property Sub Type']),
    saleType: textOf(record['Special Listing Conditions']),
    yearBuilt: numberOf(record['Year Built']),
    closeDate: isoDate(record['Close Date']),
  });
}

/** The record's text facts (View, Waterfront …) as exported, which accepted market feature effects adjust for; undefined when none. */
export function textFeaturesOf(record: ListingRecord): Record<string, string> | undefined {
  const features: Record<string, string> = {};
  for (const field of FEATURE_TEXT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') features[field] = value;
  }
  return Object.keys(features).length ? features : undefined;
}

/** The engine's view of a listing record; numbers or null, ISO dates, never 'Not Available'. */
export function readListingRecord(record: ListingRecord, role: RecordRole, fallbackId: string = role): SaleFacts {
  const read = listingReadingsOf(record);
  return {
    id: recordId(record, fallbackId),
    // The full address with unit, so two condos in one building are not taken for a repeat sale.
    streetAddress: textOf(record.properties_address),
    subdivision: textOf(record.Neighborhood),
    postalCode: textOf(record['Postal Code']),
    status: textOf(record.MLS),
    closeDate: isoDate(record['Close Date']),
    // Net sales price (close price less concessions); an export without concessions has only the close price.
    netSalesPrice: numberOf(record['Net Sales Price']) ?? numberOf(record['Close Price']),
    listPrice: numberOf(record['List Price']),
    latitude: numberOf(record.Latitude),
    longitude: numberOf(record.Longitude),
    levels: textOf(record.Levels),
    yearBuilt: numberOf(record['Year Built']),
    lotSizeSqft: numberOf(record['Lot Size']),
    aboveGradeFinishedArea: numberOf(record['Above Grade Finished Area']),
    belowGradeTotalArea: numberOf(record['Below Grade Total Area']),
    belowGradeFinishedArea: numberOf(record['Below Grade Finished Area']),
    fireplaces: numberOf(record.Fireplace),
    garageSpaces: numberOf(record['Garage Spaces']),
    bedrooms: numberOf(record.Bedrooms),
    bathsFullAndThreeQuarter: numberOf(record['3/4 and Full Bathrooms']),
    bathsHalfAndQuarter: numberOf(record['1/4 and 1/2 Bathrooms']),
    additionalFacts: additionalFactsFor(record, role),
    // Read from the export (issue 17); what the agent confirmed or picked (agentQuality/agentCondition) wins.
    quality: chosenStep(record.agentQuality, read.quality),
    condition: chosenStep(record.agentCondition, read.condition),
    qualityRating: chosenRating(record.agentQuality, read.quality),
    conditionRating: chosenRating(record.agentCondition, read.condition),
    qualityFine: chosenFine(record.agentQuality, read.quality),
    conditionFine: chosenFine(record.agentCondition, read.condition),
    kitchenRating: read.kitchen?.rating ?? null,
    renovatedYear: read.renovated?.value ?? null,
    propertyType: read.propertyType?.value ?? null,
    saleType: read.saleType?.value ?? null,
    ...withFeatures(textFeaturesOf(record)),
  };
}

function withFeatures(features: Record<string, string> | undefined): { features?: Record<string, string> } {
  return features ? { features } : {};
}

/** A record as a comparable or a sale of the pool (`list.map(readComparable)`). */
export const readComparable = (record: ListingRecord): SaleFacts => readListingRecord(record, 'comparable');
/** A record as the subject. */
export const readSubject = (record: ListingRecord): SaleFacts => readListingRecord(record, 'subject');
