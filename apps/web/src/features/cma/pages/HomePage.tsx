import { formatAmount, formatCount } from '@cma/valuation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_REPORT_NAME, resetCmaWorkflow, updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { ConfirmDialog, UndoNotice } from '../../../shared/ui/ConfirmDialog';
import { ImportPanel } from '../components/ImportPanel';
import { StepNav } from '../components/StepNav';
import { errorMessage, useSearchAddressMutation } from '../api/cmaApi';
import { LISTING_POOL_MAX_LISTINGS } from '@cma/contracts';
import { clearListingPool, replaceListings } from '../../../shared/listing-pool/listingPool';
import { addToPool, useCmaListings } from '../model/listingPool';
import { derivedKeys, readComparable } from '@cma/cma';
import { addressOf, asRecords, thumbnailOf, type CmaRecord } from '../model/records';
import { chooseSubject, loadListings } from '../store/workflow';
import { useReport } from '../store/useReport';
import { useOneSearchCma, type OneSearchStep } from '../store/useOneSearchCma';
import '../cma.css';
import { ReportCard } from '../components/ReportCard';

/** `recentReports`: the saved reports to reopen, composed in by the app (they belong to the report feature). */
export default function HomePage({ recentReports }: { recentReports?: ReactNode }) {
  useDocumentTitle('Start a CMA');
  const { report, edit, update, dispatch } = useReport();
  const subjectAddress = derivedKeys(report).selectedPropertyAddress;
  const navigate = useNavigate();
  const { listings: loaded } = useCmaListings(report.allCsvData);
  // How many listings of the last import the pool's limit left out (the agent is told, never silently).
  const [leftOut, setLeftOut] = useState(0);
  const inProgress = loaded.length > 0 || !!report.selectedPropertydata;
  const [mode, setMode] = useState<'csv' | 'search'>(report.isUploadCSV ? 'csv' : 'search');

  const [confirming, setConfirming] = useState(false);
  const oneSearch = useOneSearchCma();
  // What "Undo" brings back after "Start a new CMA": the whole report and the session's listings.
  const [cleared, setCleared] = useState<{ report: typeof report; listings: CmaRecord[] } | null>(null);

  function startFresh() {
    setConfirming(false);
    setCleared({ report, listings: loaded });
    setLeftOut(0);
    void clearListingPool();
    dispatch(resetCmaWorkflow());
  }

  function undoStartFresh() {
    if (!cleared) return;
    void replaceListings(cleared.listings);
    dispatch(updateCmaWorkflow(cleared.report));
    setCleared(null);
  }

  return (
    <section className="page cma-page" aria-labelledby="page-title">
      <StepNav />
      <h1 id="page-title">Start a CMA</h1>

      {inProgress && (
        <div className="card cma-resume" aria-label="Current CMA">
          <h2 className="card__title">Current CMA: {report.reportName || DEFAULT_REPORT_NAME}</h2>
          <p>
            {subjectAddress ? <>Subject <strong>{subjectAddress}</strong>, </> : 'No subject yet, '}
            {formatCount(asRecords(report.comaparables).length, 'comparable')} selected, {formatCount(loaded.length, 'listing')} loaded
            {report.clientName ? <> for {report.clientName}</> : null}.
          </p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => navigate(resumeStep(report.selectedPropertydata, report.comaparables))}>Resume current CMA</button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>Start a new CMA</button>
          </div>
        </div>
      )}

      <ReportCard reportName={report.reportName} clientName={report.clientName} onChange={update} />

      <div className="card">
        <div className="cma-tabs" role="tablist" aria-label="Where the listings come from">
          <button type="button" role="tab" aria-selected={mode === 'csv'} className={`cma-tab${mode === 'csv' ? ' cma-tab--active' : ''}`} onClick={() => setMode('csv')}>Upload CSV</button>
          <button type="button" role="tab" aria-selected={mode === 'search'} className={`cma-tab${mode === 'search' ? ' cma-tab--active' : ''}`} onClick={() => setMode('search')}>Search by address</button>
        </div>
        {mode === 'csv' ? (
          <>
            <ImportPanel
              csvType={report.csvType}
              onFormatDetected={(format) => update({ csvType: format })}
              onRecords={async (records) => {
                const added = await addToPool(report.allCsvData, records);
                setLeftOut(added.leftOut);
                edit(loadListings, records, { append: true, fromUpload: true, pool: added.pool });
              }}
            />
            {loaded.length > 0 && (
              <p className="cma-next">
                {formatCount(loaded.length, 'listing')} loaded.{' '}
                {loaded.length >= LISTING_POOL_MAX_LISTINGS && <>A CMA holds at most {formatCount(LISTING_POOL_MAX_LISTINGS, 'listing')}{leftOut > 0 ? <>: {formatCount(leftOut, 'listing')} of the last file {leftOut === 1 ? 'was' : 'were'} not loaded</> : null}.{' '}</>}
                <button type="button" className="button button--primary" onClick={() => navigate('/confirm-subject')}>Choose the subject →</button>
              </p>
            )}
          </>
        ) : (
          <AddressSearch
            quickStart={{
              step: oneSearch.step,
              problem: oneSearch.problem,
              // A CMA in one search: the subject, its nearby sales ranked and the best ones ticked, straight to /compare.
              async onStart(record) {
                if (await oneSearch.start(record)) {
                  update({ inputAddressState: true });
                  navigate('/compare');
                }
              },
            }}
            onTypeSubject={() => navigate('/confirm-subject')}
            onPick={async (record, all) => {
              const { pool } = await addToPool(report.allCsvData, all);
              edit(loadListings, all, { append: true, fromUpload: false, pool });
              edit(chooseSubject, record, pool);
              update({ inputAddressState: true });
              navigate('/confirm-subject');
            }}
          />
        )}
      </div>

      {recentReports}

      <ConfirmDialog
        open={confirming}
        title="Start a new CMA?"
        message={`The current CMA${subjectAddress ? ` for ${subjectAddress}` : ''} and its ${formatCount(loaded.length, 'listing')} are cleared from this browser. Saved reports in your history are not touched.`}
        confirmLabel="Start a new CMA"
        cancelLabel="Keep the current one"
        onConfirm={startFresh}
        onCancel={() => setConfirming(false)}
      />
      {cleared && <UndoNotice message="Started a new CMA." onUndo={undoStartFresh} onDone={() => setCleared(null)} />}
    </section>
  );
}

function resumeStep(subject: unknown, comps: unknown): string {
  if (!subject) return '/confirm-subject';
  if (asRecords(comps).length === 0) return '/compare';
  return '/adjustment';
}

const ONE_SEARCH_PROGRESS: Partial<Record<OneSearchStep, string>> = {
  sales: 'Finding the sales and listings around it…',
  ranking: 'Ranking them and fetching their photos…',
};

export function AddressSearch({
  onPick,
  actionLabel = 'Use as subject',
  pickDisabled = false,
  quickStart,
  onTypeSubject,
}: {
  onPick(record: CmaRecord, all: CmaRecord[]): void;
  actionLabel?: string;
  pickDisabled?: boolean;
  /** /home: a primary action per result that builds the CMA from this one search (useOneSearchCma). */
  quickStart?: { step: OneSearchStep; problem: string; onStart(record: CmaRecord): void };
  /** /home: the subject is not in the MLS: the agent types it. */
  onTypeSubject?(): void;
}) {
  const [address, setAddress] = useState('');
  const [search, { data, isLoading, error, isSuccess }] = useSearchAddressMutation();
  const results = data ?? [];
  const busy = !!quickStart && (quickStart.step === 'sales' || quickStart.step === 'ranking');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (address.trim().length < 3) return;
    void search({ address: address.trim() });
  }
  return (
    <div className="cma-search">
      <form className="cma-form-row" onSubmit={submit} role="search">
        <label className="cma-field cma-field--grow">
          <span>Address</span>
          <input value={address} onChange={(e) => setAddress(e.target.value)} placeholder="e.g. 1234 Main St, Denver" minLength={3} required />
        </label>
        <button type="submit" className="button button--primary" disabled={isLoading}>{isLoading ? 'Searching…' : 'Search listings'}</button>
      </form>
      {error && <p className="cma-error" role="alert">{errorMessage(error, 'The search failed.')}</p>}
      {isSuccess && results.length === 0 && (
        <p className="cma-empty">
          No listing matches that address. Check the spelling{onTypeSubject ? ', or ' : ', or enter the subject by hand on the next step.'}
          {onTypeSubject && <button type="button" className="link-button" onClick={onTypeSubject}>enter the subject by hand</button>}
          {onTypeSubject && '.'}
        </p>
      )}
      {quickStart && ONE_SEARCH_PROGRESS[quickStart.step] && <p className="cma-progress" role="status">{ONE_SEARCH_PROGRESS[quickStart.step]}</p>}
      {quickStart?.problem && <p className="cma-error" role="alert">{quickStart.problem}</p>}
      {results.length > 0 && (
        <ul className="cma-results" aria-label="Search results">
          {results.map((record) => {
            const facts = readComparable(record);
            const photo = thumbnailOf(record);
            const price = facts.netSalesPrice ?? facts.listPrice;
            const details = [
              price != null ? `${formatAmount(price)}${facts.netSalesPrice != null ? ' sold' : ' listed'}` : null,
              facts.bedrooms != null ? formatCount(facts.bedrooms, 'bed') : null,
              facts.bathsFullAndThreeQuarter != null ? formatCount(facts.bathsFullAndThreeQuarter + (facts.bathsHalfAndQuarter ?? 0) / 2, 'bath') : null,
              facts.aboveGradeFinishedArea != null ? `${facts.aboveGradeFinishedArea.toLocaleString('en-US')} sq ft` : null,
              facts.yearBuilt != null ? `built ${facts.yearBuilt}` : null,
            ].filter(Boolean);
            return (
              <li key={record.uuid} className="cma-result">
                {photo ? <img className="cma-candidate__photo" src={photo} alt="" width={72} height={54} loading="lazy" /> : <span className="cma-result__nophoto" aria-hidden="true" />}
                <span className="cma-candidate__text">
                  <strong>
                    {addressOf(record)}
                    {record.listingSource === 'demo' && <span className="cma-badge cma-badge--demo">Demo listing</span>}
                  </strong>
                  <span className="cma-candidate__figures">
                    {details.map((d) => <span key={d}>{d}</span>)}
                    <span>{String(record.MLS ?? '')}</span>
                  </span>
                </span>
                <span className="cma-result__actions">
                  {quickStart && (
                    <button type="button" className="button button--primary" disabled={busy} onClick={() => quickStart.onStart(record)} aria-label={`Start the CMA: ${addressOf(record)}`}>
                      Start CMA
                    </button>
                  )}
                  <button type="button" className="button button--secondary" disabled={pickDisabled || busy} onClick={() => onPick(record, results)} aria-label={`${actionLabel}: ${addressOf(record)}`}>{actionLabel}</button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
