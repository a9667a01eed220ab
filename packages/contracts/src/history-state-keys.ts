// Saved reports (spec §3 restored state). No zod here: the web app's first chunk imports this.

/** Every key a saved state must carry (spec §3 restored state), in the spec's order. */
export const HISTORY_STATE_KEYS = [
  'csvNewData', 'changeDefaultValues', 'count', 'review_data', 'formula_Division_DefaultValue', 'report_data',
  'selectedPropertydata', 'selectedPropertydataUUID', 'address', 'selectedPropertyAddress', 'checked', 'allCsvData',
  'selectedAdditionalInfo', 'propertyImages', 'comaparables', 'selectPropertyList', 'adjustment_formulas',
  'listing_id_arr', 'inputAddressState', 'businessImages', 'isUploadCSV', 'base64Images', 'clientName', 'reportName',
  'range',
] as const;
