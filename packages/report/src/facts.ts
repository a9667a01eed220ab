// Printable facts of spec §3 property records; records are read into SaleFacts only by @cma/cma's readListingRecord.
export { isoDate, numberOf, recordId, textOf } from '@cma/cma';

export { NOT_AVAILABLE } from '@cma/valuation';
