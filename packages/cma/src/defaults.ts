// The document's constants, free of imports so the web app's first chunk can take them without the engine or zod.

export const DEFAULT_REPORT_NAME = 'COMPARATIVE MARKET ANALYSIS';
export const DEFAULT_PDF_COLOR = '#0070c0';

/** Saved-state keys (spec §3) that restate the document: computed when serialising (derivedKeys), never kept in a store. */
export const DERIVED_STATE_KEYS = ['count', 'selectedPropertyAddress', 'address', 'checked', 'selectedAdditionalInfo', 'listing_id_arr'] as const;
export type DerivedStateKey = (typeof DERIVED_STATE_KEYS)[number];
