// The workflow's edits to the report store, as pure "state → changed keys" functions dispatched through the
// report slice's updateCmaWorkflow (spec §3 key names kept: history restore and the PDF read them).
import type { AdditionalFacts, AgentUadSteps, CellOverride, TierRates, UadStepValues, WeightingMethod } from '@cma/valuation';
import type { CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import type { MarketMeasurements, MarketModelReading } from '@cma/cma';
import { formulasOf, type AdjustmentFormulas } from '../model/cmaModel';
import { listingsToStore, MAX_STORED_LISTINGS } from '../model/listingPool';
import { asRecords, isRecord, unconfirmedSuggestions, withListingSuggestions, type CmaRecord } from '../model/records';

type Patch = Partial<CmaWorkflowState>;
type Rows = CmaWorkflowState['comaparables'];

const rows = (records: CmaRecord[]): Rows => records as unknown as Rows;

/**
 * Records loaded from a CSV or the database become candidates: `pool` is the whole listing pool once they are in it
 * (the caller adds them: model/listingPool addToPool); the state keeps its bounded subset.
 */
export function loadListings(state: CmaWorkflowState, records: CmaRecord[], options: { append: boolean; fromUpload: boolean; pool?: readonly CmaRecord[] }): Patch {
  const pool = options.pool ?? (options.append ? mergeByUuid(asRecords(state.allCsvData), records) : records);
  const subject = isRecord(state.selectedPropertydata) ? state.selectedPropertydata : null;
  return {
    allCsvData: rows(listingsToStore(pool, subject)),
    // The subject is picked from allCsvData; selectPropertyList holds only address-search results (a copy would double the stored size).
    selectPropertyList: options.fromUpload ? [] : rows(records),
    isUploadCSV: options.fromUpload,
    inputAddressState: !options.fromUpload,
  };
}

function mergeByUuid(first: CmaRecord[], more: CmaRecord[]): CmaRecord[] {
  const known = new Set(first.map((r) => r.uuid));
  return [...first, ...more.filter((r) => !known.has(r.uuid) && known.add(r.uuid))];
}

/** `pool`: every listing of the CMA (the state's own subset when not given), to keep the subset nearest the new subject. */
export function chooseSubject(state: CmaWorkflowState, record: CmaRecord, pool: readonly CmaRecord[] = asRecords(state.allCsvData)): Patch {
  const sameSubject = state.selectedPropertydataUUID === record.uuid;
  const chosen = sameSubject ? record : withListingSuggestions({ ...record, subjectAdditionalInfo: (record.subjectAdditionalInfo as AdditionalFacts | undefined) ?? (record.selectedAdditionalInfo as AdditionalFacts | undefined) ?? {} }, 'subjectAdditionalInfo');
  const subjectInfo = (chosen.subjectAdditionalInfo as AdditionalFacts | undefined) ?? {};
  const subject: CmaRecord = { ...chosen, subjectAdditionalInfo: { ...subjectInfo } };
  const comps = asRecords(state.comaparables).filter((c) => c.uuid !== record.uuid);
  const kept = pool.length > MAX_STORED_LISTINGS ? { allCsvData: rows(listingsToStore(pool, record)) } : {};
  return {
    ...kept,
    selectedPropertydata: subject as unknown as CmaWorkflowState['selectedPropertydata'],
    selectedPropertydataUUID: record.uuid,
    ...(sameSubject ? {} : comparablesPatch(comps)),
  };
}

export function updateSubject(state: CmaWorkflowState, changes: Partial<CmaRecord>): Patch {
  if (!isRecord(state.selectedPropertydata)) return {};
  const current = state.selectedPropertydata as CmaRecord;
  const subject = { ...current, ...changes, ...(changes.subjectAdditionalInfo ? { suggestedFacts: stillSuggested(current, 'subjectAdditionalInfo', changes.subjectAdditionalInfo as AdditionalFacts) } : {}) } as CmaRecord;
  return {
    selectedPropertydata: subject as unknown as CmaWorkflowState['selectedPropertydata'],
  };
}

/** The selected comparables (checked, listing_id_arr and count are derived from them when saved). */
function comparablesPatch(comps: CmaRecord[]): Patch {
  return { comaparables: rows(comps) };
}

/**
 * Ticks or unticks a comparable. Unticking keeps the agent's version (facts, notes, steps) among the removed ones, and
 * re-ticking brings that version back; only a first tick starts from the listing record the page passes.
 */
export function toggleComparable(state: CmaWorkflowState, record: CmaRecord): Patch {
  const comps = asRecords(state.comaparables);
  const removed = asRecords(state.removedComparables);
  const others = removed.filter((r) => r.uuid !== record.uuid);
  const current = comps.find((c) => c.uuid === record.uuid);
  if (current) return { ...comparablesPatch(comps.filter((c) => c.uuid !== record.uuid)), removedComparables: rows([...others, current]) };
  const base = removed.find((r) => r.uuid === record.uuid) ?? record;
  const picked = withListingSuggestions({ ...base, add_adjustment: base.add_adjustment !== false }, 'selectedAdditionalInfo');
  return { ...comparablesPatch([...comps, picked]), removedComparables: rows(others) };
}

export function removeComparable(state: CmaWorkflowState, uuid: string): Patch {
  const comps = asRecords(state.comaparables);
  const gone = comps.find((c) => c.uuid === uuid);
  if (!gone) return {};
  return { ...comparablesPatch(comps.filter((c) => c.uuid !== uuid)), removedComparables: rows([...asRecords(state.removedComparables).filter((r) => r.uuid !== uuid), gone]) };
}

export function restoreComparable(state: CmaWorkflowState, uuid: string): Patch {
  const removed = asRecords(state.removedComparables);
  const back = removed.find((r) => r.uuid === uuid);
  if (!back) return {};
  const comps = asRecords(state.comaparables).filter((c) => c.uuid !== uuid);
  return { ...comparablesPatch([...comps, back]), removedComparables: rows(removed.filter((r) => r.uuid !== uuid)) };
}

/** A comparable from another file, the database or typed by hand: kept in extraComparables and selected. */
export function addExtraComparable(state: CmaWorkflowState, record: CmaRecord, source: 'file' | 'database' | 'manual'): Patch {
  const extras = asRecords(state.extraComparables).filter((r) => r.uuid !== record.uuid);
  const tagged = withListingSuggestions({ ...record, notes: record.notes || `Added from ${source === 'manual' ? 'a hand entry' : source === 'file' ? 'another file' : 'the listing database'}` }, 'selectedAdditionalInfo');
  const comps = asRecords(state.comaparables).filter((c) => c.uuid !== record.uuid);
  return {
    extraComparables: rows([...extras, tagged]),
    ...(source === 'file' ? { csvNewData: rows([...asRecords(state.csvNewData).filter((r) => r.uuid !== record.uuid), tagged]) } : {}),
    ...comparablesPatch([...comps, tagged]),
  };
}

/** A property's listing photos are now among its stored photos; the subject also lists their ids, as after an upload. */
export function markListingPhotosCopied(state: CmaWorkflowState, uuid: string, imageIds: string[]): Patch {
  const patch: Patch = {};
  const comps = asRecords(state.comaparables);
  if (comps.some((c) => c.uuid === uuid)) patch.comaparables = rows(comps.map((c) => (c.uuid === uuid ? { ...c, listingPhotosCopied: true } : c)));
  if (isRecord(state.selectedPropertydata) && state.selectedPropertydata.uuid === uuid) {
    patch.selectedPropertydata = { ...state.selectedPropertydata, listingPhotosCopied: true } as unknown as CmaWorkflowState['selectedPropertydata'];
    patch.propertyImages = imageIds.map((id) => ({ id, property_id: uuid }));
  }
  return patch;
}

/** The agent set a comparable's additional facts: the groups that changed are no longer suggestions, but the agent's. */
export function setComparableFacts(state: CmaWorkflowState, uuid: string, facts: AdditionalFacts): Patch {
  const comp = asRecords(state.comaparables).find((c) => c.uuid === uuid);
  if (!comp) return {};
  return updateComparable(state, uuid, { selectedAdditionalInfo: facts, suggestedFacts: stillSuggested(comp, 'selectedAdditionalInfo', facts) });
}

/** The suggested groups the agent has not changed in this edit. */
function stillSuggested(record: CmaRecord, key: 'selectedAdditionalInfo' | 'subjectAdditionalInfo', facts: AdditionalFacts): string[] {
  const before = (record[key] as AdditionalFacts | undefined) ?? {};
  const changed = (Object.keys({ ...before, ...facts }) as (keyof AdditionalFacts)[]).filter((g) => before[g] !== facts[g]);
  return unconfirmedSuggestions(record).filter((g) => !changed.includes(g));
}

/** The agent accepts a comparable's suggested facts as they are. */
export function confirmSuggestedFacts(state: CmaWorkflowState, uuid: string): Patch {
  return updateComparable(state, uuid, { suggestedFacts: [] });
}

/** The agent confirmed or picked quality / condition steps of the subject (uuid null) or of a comparable. */
export function setUadSteps(state: CmaWorkflowState, uuid: string | null, steps: AgentUadSteps): Patch {
  const changes: Partial<CmaRecord> = {};
  if (steps.agentQuality !== undefined) changes.agentQuality = steps.agentQuality;
  if (steps.agentCondition !== undefined) changes.agentCondition = steps.agentCondition;
  return uuid == null ? updateSubject(state, changes) : updateComparable(state, uuid, changes);
}

export function updateComparable(state: CmaWorkflowState, uuid: string, changes: Partial<CmaRecord>): Patch {
  const comps = asRecords(state.comaparables).map((c) => (c.uuid === uuid ? ({ ...c, ...changes } as CmaRecord) : c));
  return { comaparables: rows(comps) };
}

function withFormulas(state: CmaWorkflowState, change: (formulas: AdjustmentFormulas) => AdjustmentFormulas): Patch {
  return { adjustment_formulas: change({ ...formulasOf(state.adjustment_formulas) }) as unknown as CmaWorkflowState['adjustment_formulas'] };
}

/**
 * What the market measurement found for this report (issue 27): its rates and time index, and the subject's reading
 * (the model's estimate and calibration). The agent's own choices (model out of the value, hidden from the client) stay.
 */
export function setMarketMeasurement(state: CmaWorkflowState, measured: { market: MarketMeasurements; reading: MarketModelReading | null }): Patch {
  return withFormulas(state, (f) => ({
    ...f,
    market: measured.market,
    marketModel: measured.reading ? { ...measured.reading, shownToClient: f.marketModel?.shownToClient ?? true, inValue: f.marketModel?.inValue ?? true } : null,
  }));
}

/** Takes the market model out of the value (the comparables alone, with their own calibrated range) or puts it back. */
export function setModelInValue(state: CmaWorkflowState, inValue: boolean): Patch {
  return withFormulas(state, (f) => (f.marketModel ? { ...f, marketModel: { ...f.marketModel, inValue } } : f));
}

/** The agent keeps their own default rate for a category (true) or uses the market's again (false). */
export function setOwnRate(state: CmaWorkflowState, style: string, own: boolean): Patch {
  return withFormulas(state, (f) => {
    const others = (f.ownRates ?? []).filter((s) => s !== style);
    return { ...f, ownRates: own ? [...others, style] : others };
  });
}

/** The market's time adjustment on or off (a rate the agent types always wins). */
export function setMarketTime(state: CmaWorkflowState, on: boolean): Patch {
  return withFormulas(state, (f) => ({ ...f, marketTime: on }));
}

/** The report's quality and condition per step: the agent's defaults, set when the report begins (or is brought up to date). */
export function setStepValues(state: CmaWorkflowState, stepValues: UadStepValues): Patch {
  return withFormulas(state, (f) => ({ ...f, stepValues }));
}

/** Shows the accepted market model to the client in the report, or hides it there (the value stays reconciled with it). */
export function setMarketModelShown(state: CmaWorkflowState, shown: boolean): Patch {
  return withFormulas(state, (f) => (f.marketModel ? { ...f, marketModel: { ...f.marketModel, shownToClient: shown } } : f));
}

/** Sets (or clears, with null) the rate or amount of one grid cell. */
export function setCellOverride(state: CmaWorkflowState, uuid: string, style: string, override: CellOverride | null): Patch {
  return withFormulas(state, (f) => {
    const cells = { ...(f.cells ?? {}) };
    const row = { ...(cells[uuid] ?? {}) };
    if (override && (override.rate != null || override.amount != null)) row[style] = override;
    else delete row[style];
    cells[uuid] = row;
    return { ...f, cells };
  });
}

export function toggleCategory(state: CmaWorkflowState, style: string): Patch {
  return withFormulas(state, (f) => {
    const disabled = new Set(f.disabledCategories ?? []);
    if (disabled.has(style)) disabled.delete(style);
    else disabled.add(style);
    return { ...f, disabledCategories: [...disabled] };
  });
}

export function setRateOverride(state: CmaWorkflowState, style: string, rates: TierRates | null): Patch {
  return withFormulas(state, (f) => {
    const rateOverrides = { ...(f.rateOverrides ?? {}) };
    if (rates) rateOverrides[style] = rates;
    else delete rateOverrides[style];
    return { ...f, rateOverrides };
  });
}

export function setTimeRate(state: CmaWorkflowState, monthlyRate: number | null): Patch {
  return withFormulas(state, (f) => ({ ...f, monthlyTimeRate: monthlyRate }));
}

export function setWeighting(state: CmaWorkflowState, method: WeightingMethod, manualWeights?: Record<string, number>): Patch {
  return withFormulas(state, (f) => ({ ...f, weighting: { method, manualWeights: manualWeights ?? f.weighting?.manualWeights } }));
}
