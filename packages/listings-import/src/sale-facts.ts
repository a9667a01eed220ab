// PropertyRecord → the valuation engine's SaleFacts: numbers or null, ISO dates, never 'Not Available'.

import { chosenStep, readListingFacts, type AgentUadSteps, type ListingReadings, type SaleFacts } from '@cma/valuation';
import type { NumberOrNA, PropertyRecord } from './property-record';
import { NOT_AVAILABLE, usDateToIso } from './values';

const numberOrNull = (value: NumberOrNA | string | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const textOrNull = (value: string | undefined): string | null =>
  value === undefined || value === NOT_AVAILABLE || value.trim() === '' ? null : value;

/** What the record's own columns and remarks say about quality, condition, property type and sale type (the suggestions). */
export function listingReadingsOf(record: PropertyRecord): ListingReadings {
  const closeDate = textOrNull(record['Close Date']);
  return readListingFacts({
    remarks: textOrNull(record['Public-Remarks']),
    condition: textOrNull(record['Property Condition']),
    propertyType: textOrNull(record['Property Type']),
    propertySubType: textOrNull(record['Property Sub Type']),
    yearBuilt: numberOrNull(record['Year Built']),
    closeDate: closeDate ? usDateToIso(closeDate) : null,
  });
}

export function toSaleFacts(record: PropertyRecord & AgentUadSteps): SaleFacts {
  const closeDate = textOrNull(record['Close Date']);
  const isoClose = closeDate ? usDateToIso(closeDate) : null;
  const yearBuilt = numberOrNull(record['Year Built']);
  const read = listingReadingsOf(record);
  return {
    id: textOrNull(record['Listing Id']) ?? record.uuid,
    // The full address with unit, so two condos in one building are not taken for a repeat sale.
    streetAddress: textOrNull(record.properties_address),
    subdivision: textOrNull(record.Neighborhood),
    postalCode: textOrNull(record['Postal Code']),
    status: textOrNull(record.MLS),
    closeDate: isoClose,
    netSalesPrice: numberOrNull(record['Net Sales Price']),
    listPrice: numberOrNull(record['List Price']),
    latitude: numberOrNull(record.Latitude),
    longitude: numberOrNull(record.Longitude),
    levels: textOrNull(record.Levels),
    yearBuilt,
    lotSizeSqft: numberOrNull(record['Lot Size']),
    aboveGradeFinishedArea: numberOrNull(record['Above Grade Finished Area']),
    belowGradeTotalArea: numberOrNull(record['Below Grade Total Area']),
    belowGradeFinishedArea: numberOrNull(record['Below Grade Finished Area']),
    fireplaces: numberOrNull(record.Fireplace),
    garageSpaces: numberOrNull(record['Garage Spaces']),
    bedrooms: numberOrNull(record.Bedrooms),
    bathsFullAndThreeQuarter: numberOrNull(record['3/4 and Full Bathrooms']),
    bathsHalfAndQuarter: numberOrNull(record['1/4 and 1/2 Bathrooms']),
    // What the agent ticked for this home as the subject overrides what was read from the MLS text.
    additionalFacts: { ...record.selectedAdditionalInfo, ...record.subjectAdditionalInfo },
    // Read from the export; what the agent confirmed or picked on the subject and each comparable wins.
    quality: chosenStep(record.agentQuality, read.quality),
    condition: chosenStep(record.agentCondition, read.condition),
    propertyType: read.propertyType?.value ?? null,
    saleType: read.saleType?.value ?? null,
  };
}
