// Keys of the saved state that only restate the document (spec §3 still names them in the payload): computed from it
// here, never kept in step by hand.
import { NOT_AVAILABLE, type AdditionalFacts } from '@cma/valuation';
import type { DerivedStateKey } from './defaults';
import { additionalFactsOf, type ListingRecord } from './read-listing';

/** The derived keys' values (see DERIVED_STATE_KEYS). */
export interface DerivedKeys extends Record<DerivedStateKey, unknown> {
  /** The comparables' uuids, in grid order. */
  checked: string[];
  /** The comparables' listing ids (uuid when none), in grid order. */
  listing_id_arr: string[];
  count: number;
  /** The subject's address as the screens show it ('' without a subject). */
  selectedPropertyAddress: string;
  address: string;
  /** Mirror of the subject's own additional facts. */
  selectedAdditionalInfo: AdditionalFacts;
}

const isRecord = (value: unknown): value is ListingRecord & { uuid: string } =>
  !!value && typeof value === 'object' && typeof (value as { uuid?: unknown }).uuid === 'string';

/** The address the screens name a record by: its full address, else "Property <listing id>". */
export function addressOfRecord(record: ListingRecord | null | undefined): string {
  if (!record) return '';
  const address = record.properties_address;
  if (typeof address === 'string' && address !== NOT_AVAILABLE) return address;
  const id = record['Listing Id'] ?? (typeof record.uuid === 'string' ? record.uuid.slice(0, 8) : '');
  return `Property ${String(id)}`;
}

/** The derived keys of a document with this subject and these comparables. */
export function derivedKeys(document: { selectedPropertydata: unknown; comaparables: unknown }): DerivedKeys {
  const comps = Array.isArray(document.comaparables) ? document.comaparables.filter(isRecord) : [];
  const subject = isRecord(document.selectedPropertydata) ? document.selectedPropertydata : null;
  const address = addressOfRecord(subject);
  return {
    checked: comps.map((c) => c.uuid),
    listing_id_arr: comps.map((c) => String(c['Listing Id'] ?? c.uuid)),
    count: comps.length,
    selectedPropertyAddress: address,
    address,
    selectedAdditionalInfo: subject ? additionalFactsOf(subject.subjectAdditionalInfo) : {},
  };
}
