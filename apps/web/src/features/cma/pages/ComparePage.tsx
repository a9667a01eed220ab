import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SALE_TYPE_LABELS, formatAmount, formatCount, type NonMarketSaleType } from '@cma/valuation';
import { useGetClientConfigQuery } from '../../../shared/api/api';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { errorMessage, useSearchComparablesMutation } from '../api/cmaApi';
import { CandidateFilters } from '../components/CandidateFilters';
import { CompsMap, type MapPoint } from '../components/CompsMap';
import { StepNav } from '../components/StepNav';
import { MarketStatus } from '../components/MarketStatus';
import { useMarketMeasurement } from '../market-model/useMarketMeasurement';
import { DEFAULT_CANDIDATE_FILTERS, rankCandidates, type CandidateFilters as Filters } from '../model/cmaModel';
import { addToPool, useCmaListings } from '../model/listingPool';
import { listingReadingsOf, readComparable, readSubject } from '@cma/cma';
import { addressOf, asRecords, isRecord, text, thumbnailOf, withComparableEdits } from '../model/records';
import { loadListings, toggleComparable } from '../store/workflow';
import { useListingPhotoCopies } from '../store/useListingPhotoCopies';
import { useReport } from '../store/useReport';
import '../cma.css';

export const MAX_COMPARABLES = 6;
const PAGE_SIZE = 20;

type SortKey = 'similarity' | 'price' | 'distance' | 'date';
const SORTS: { key: SortKey; label: string }[] = [
  { key: 'similarity', label: 'Most similar' },
  { key: 'price', label: 'Price (high to low)' },
  { key: 'distance', label: 'Nearest' },
  { key: 'date', label: 'Most recent sale' },
];
type Ranked = ReturnType<typeof rankCandidates>['ranked'][number];
const missingLast = (value: number | null | undefined) => (value == null ? Number.POSITIVE_INFINITY : value);
const SORTERS: Record<SortKey, (a: Ranked, b: Ranked) => number> = {
  similarity: (a, b) => a.rank - b.rank,
  price: (a, b) => (b.pick.facts.netSalesPrice ?? -Infinity) - (a.pick.facts.netSalesPrice ?? -Infinity) || a.rank - b.rank,
  distance: (a, b) => missingLast(a.pick.distanceMiles) - missingLast(b.pick.distanceMiles) || a.rank - b.rank,
  date: (a, b) => a.pick.monthsBeforeValuation - b.pick.monthsBeforeValuation || a.rank - b.rank,
};

function pricePerSqFt(price: number | null, area: number | null): string | null {
  return price != null && area != null && area > 0 ? `${formatAmount(Math.round(price / area))}/sq ft` : null;
}

export default function ComparePage() {
  useDocumentTitle('Choose comparables');
  const { report, edit } = useReport();
  const measurement = useMarketMeasurement();
  const navigate = useNavigate();
  useListingPhotoCopies();
  const { data: config } = useGetClientConfigQuery();
  const [filters, setFilters] = useState<Filters>(DEFAULT_CANDIDATE_FILTERS);
  const [searchComparables, searchState] = useSearchComparablesMutation();
  const [searchProblem, setSearchProblem] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const [sortBy, setSortBy] = useState<SortKey>('similarity');
  const subject = isRecord(report.selectedPropertydata) ? report.selectedPropertydata : null;
  const { listings } = useCmaListings(report.allCsvData);
  const records = useMemo(() => withComparableEdits(listings, report.comaparables), [listings, report.comaparables]);
  const ranking = useMemo(() => rankCandidates(subject, records, filters), [subject, records, filters]);
  const selected = asRecords(report.comaparables);
  const selectedIds = new Set(selected.map((c) => c.uuid));
  const sorted = useMemo(() => [...ranking.ranked].sort(SORTERS[sortBy]), [ranking, sortBy]);
  // A comparable the agent chose that the current filters leave out is still chosen: listed apart, never hidden.
  const rankedIds = new Set(ranking.ranked.map((c) => c.record.uuid));
  const outsideFilters = selected.filter((c) => !rankedIds.has(c.uuid));
  // Non-market sales (short sale, REO …) pass the filters but are not ranked; listed with the reason, the agent may still use one.
  const leftOutReason = new Map(ranking.leftOut.map((c) => [c.record.uuid, c.reason]));
  const leftOutKinds = [...new Set(ranking.leftOut.map((c) => SALE_TYPE_LABELS[c.facts.saleType as NonMarketSaleType]).filter(Boolean))];

  // The candidates the list shows (the first pages, and every chosen one): the map pins the same ones.
  const listed = useMemo(() => sorted.filter((c, index) => index < shown || selectedIds.has(c.record.uuid)), [sorted, shown, report.comaparables]);

  const points = useMemo<MapPoint[]>(() => {
    const list: MapPoint[] = [];
    if (subject) {
      const f = readSubject(subject);
      if (f.latitude != null && f.longitude != null) list.push({ id: subject.uuid, lat: f.latitude, lng: f.longitude, label: 'S', kind: 'subject', title: addressOf(subject), price: null });
    }
    for (const c of listed) {
      const f = c.pick.facts;
      if (f.latitude != null && f.longitude != null) list.push({ id: c.record.uuid, lat: f.latitude, lng: f.longitude, label: String(c.rank), kind: selectedIds.has(c.record.uuid) ? 'selected' : 'candidate', title: addressOf(c.record), price: f.netSalesPrice });
    }
    // Chosen comparables the filters leave out are still the report's comparables: on the map, without a rank.
    const ranked = new Set(ranking.ranked.map((c) => c.record.uuid));
    for (const record of asRecords(report.comaparables)) {
      if (ranked.has(record.uuid)) continue;
      const f = readComparable(record);
      if (f.latitude != null && f.longitude != null) list.push({ id: record.uuid, lat: f.latitude, lng: f.longitude, label: '', kind: 'selected', title: addressOf(record), price: f.netSalesPrice });
    }
    return list;
    // selectedIds is derived from report.comaparables
  }, [subject, ranking, listed, report.comaparables]);

  async function findInDatabase() {
    if (!subject) return;
    const f = readSubject(subject);
    if (f.latitude == null || f.longitude == null) {
      setSearchProblem('The subject needs a latitude and longitude (edit them on the subject step) to search nearby sales.');
      return;
    }
    setSearchProblem('');
    try {
      const found = await searchComparables({
        latitude: f.latitude,
        longitude: f.longitude,
        radius: filters.miles ?? 10,
        months: filters.months,
        limit: 200,
        ...(f.aboveGradeFinishedArea ? { aboveGradeFinishedArea: f.aboveGradeFinishedArea, sizeTolerance: (filters.sizePercent ?? 100) / 100 } : {}),
        ...(typeof subject['Listing Id'] === 'string' ? { excludeListingId: subject['Listing Id'] } : {}),
      }).unwrap();
      edit(loadListings, found, { append: true, fromUpload: report.isUploadCSV, pool: (await addToPool(report.allCsvData, found)).pool });
    } catch {
      // shown below from searchState.error
    }
  }

  if (!subject) {
    return (
      <section className="page cma-page" aria-labelledby="page-title">
        <StepNav />
        <h1 id="page-title">Choose comparables</h1>
        <div className="card"><p className="cma-empty">Choose the subject first. <Link to="/confirm-subject">Go to the subject step</Link>.</p></div>
      </section>
    );
  }

  return (
    <section className="page cma-page" aria-labelledby="page-title">
      <StepNav />
      <h1 id="page-title">Choose comparables</h1>
      <p className="lead">Subject: <strong>{addressOf(subject)}</strong>. Candidates are ranked by the valuation engine (distance, recency, size, age, beds/baths, levels); tick 3 to {MAX_COMPARABLES}.</p>
      {/* The market is measured in the background from the first comparable on, so /review opens with the full value. */}
      <MarketStatus view={measurement} onBringUpToDate={measurement.bringUpToDate} />
      <div className="cma-columns">
        <div className="cma-columns__side">
          <div className="card">
            <CandidateFilters filters={filters} statuses={ranking.statuses} onChange={setFilters} />
            <p className="cma-hint">Valuation date {ranking.asOfDate}. {ranking.notes.join(' ')}</p>
            <button type="button" className="button button--secondary" onClick={() => void findInDatabase()} disabled={searchState.isLoading}>
              {searchState.isLoading ? 'Searching…' : 'Find more in the listing database'}
            </button>
            {searchProblem && <p className="cma-error" role="alert">{searchProblem}</p>}
            {searchState.error && <p className="cma-error" role="alert">{errorMessage(searchState.error, 'The database search failed.')}</p>}
          </div>
          <div className="card">
            <CompsMap points={points} tileUrl={config?.mapTileUrl ?? undefined} attribution={config?.mapAttribution} />
          </div>
        </div>
        <div className="cma-columns__main">
          <div className="card">
            <div className="cma-candidates__head">
              <h2 className="card__title">
                {formatCount(ranking.ranked.length, 'ranked candidate')} · {selected.length} selected
                {outsideFilters.length > 0 && <> ({outsideFilters.length} outside these filters, listed below)</>}
              </h2>
              <label className="cma-field cma-field--inline">
                <span>Sort by</span>
                <select value={sortBy} onChange={(e) => setSortBy(e.target.value as SortKey)}>
                  {SORTS.map((o) => <option key={o.key} value={o.key}>{o.label}</option>)}
                </select>
              </label>
            </div>
            {ranking.ranked.length === 0 ? (
              <p className="cma-empty">No closed sale passes these filters. Widen the distance, months or size, load another file, or search the database.</p>
            ) : (
              <ol className="cma-candidates" aria-label="Ranked candidates">
                {listed.map(({ record, pick, rank }) => {
                  const isSelected = selectedIds.has(record.uuid);
                  const atLimit = !isSelected && selected.length >= MAX_COMPARABLES;
                  const facts = pick.facts;
                  const photo = thumbnailOf(record);
                  const perSqFt = pricePerSqFt(facts.netSalesPrice, facts.aboveGradeFinishedArea);
                  return (
                    <li key={record.uuid} className={`cma-candidate${isSelected ? ' cma-candidate--selected' : ''}`}>
                      <label className="cma-candidate__pick">
                        <input type="checkbox" checked={isSelected} disabled={atLimit} onChange={() => edit(toggleComparable, record)} aria-describedby={`why-${record.uuid}`} />
                        <span className="cma-candidate__rank" title="Similarity rank">#{rank}</span>
                        {photo ? <img className="cma-candidate__photo" src={photo} alt="" width={72} height={54} loading="lazy" /> : null}
                        <span className="cma-candidate__text">
                          <strong>{addressOf(record)}</strong>
                          <span className="cma-candidate__figures">
                            <span>{facts.netSalesPrice != null ? formatAmount(facts.netSalesPrice) : text(null)}</span>
                            {perSqFt && <span>{perSqFt}</span>}
                            {facts.closeDate && <span>sold {facts.closeDate}</span>}
                            {pick.distanceMiles != null && <span>{pick.distanceMiles.toFixed(1)} mi</span>}
                          </span>
                        </span>
                      </label>
                      <ul id={`why-${record.uuid}`} className="cma-reasons" aria-label="Why it ranks here">
                        {pick.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
              </ol>
            )}
            {outsideFilters.length > 0 && (
              <div className="cma-outside" role="note">
                <h3 className="cma-outside__title">Selected, but outside these filters</h3>
                <ul className="cma-candidates" aria-label="Selected comparables outside the filters">
                  {outsideFilters.map((record) => (
                    <li key={record.uuid} className="cma-candidate cma-candidate--selected">
                      <label className="cma-candidate__pick">
                        <input type="checkbox" checked onChange={() => edit(toggleComparable, record)} />
                        <span className="cma-candidate__text">
                          <strong>{addressOf(record)}</strong>
                          <span className="cma-candidate__figures"><span>{leftOutReason.has(record.uuid) ? `Used anyway: ${leftOutReason.get(record.uuid)}. Untick to drop it.` : 'Still one of your comparables; untick to drop it.'}</span></span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {ranking.leftOut.length > 0 && (
              <details className="cma-left-out">
                <summary>Left out: {formatCount(ranking.leftOut.length, 'non-market sale')} ({leftOutKinds.join(', ')})</summary>
                <p className="cma-hint">They pass your filters but did not sell on the open market, so their prices do not show what the subject would fetch. Tick one to use it anyway.</p>
                <ul className="cma-left-out__list" aria-label="Non-market sales left out">
                  {ranking.leftOut.map(({ record, facts, reason }) => {
                    const isSelected = selectedIds.has(record.uuid);
                    const source = listingReadingsOf(record).saleType?.source;
                    return (
                      <li key={record.uuid}>
                        <label className="cma-check">
                          <input type="checkbox" checked={isSelected} disabled={!isSelected && selected.length >= MAX_COMPARABLES} onChange={() => edit(toggleComparable, record)} aria-label={`Use ${addressOf(record)} as a comparable anyway`} />
                          <strong>{addressOf(record)}</strong>
                        </label>
                        <span className="cma-left-out__why">
                          {facts.netSalesPrice != null ? `${formatAmount(facts.netSalesPrice)} · ` : ''}{reason}{source ? ` — ${source}` : ''}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </details>
            )}
            {ranking.ranked.length > shown && (
              <button type="button" className="button button--ghost" onClick={() => setShown((n) => n + PAGE_SIZE)}>
                Show {Math.min(PAGE_SIZE, ranking.ranked.length - shown)} more of {ranking.ranked.length}
              </button>
            )}
            {ranking.unsold.length > 0 && <p className="cma-hint">{formatCount(ranking.unsold.length, 'listing')} without a close price or date (active, pending, withdrawn) {ranking.unsold.length === 1 ? 'is' : 'are'} not ranked.</p>}
          </div>
          <div className="button-row">
            <Link className="button button--ghost" to="/addoncomparable">Add or restore comparables</Link>
            <button type="button" className="button button--primary" disabled={selected.length === 0} onClick={() => navigate('/adjustment')}>Adjust {formatCount(selected.length, 'comparable')} →</button>
          </div>
        </div>
      </div>
    </section>
  );
}
