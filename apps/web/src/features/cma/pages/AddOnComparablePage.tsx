import { formatCount } from '@cma/valuation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { REPORT_MAX_COMPARABLES } from '@cma/report/limits';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { ImportPanel } from '../components/ImportPanel';
import { PropertyFactsForm } from '../components/PropertyFactsForm';
import { StepNav } from '../components/StepNav';
import { addressOf, asRecords, blankRecord, text, type CmaRecord } from '../model/records';
import { addExtraComparable, restoreComparable } from '../store/workflow';
import { useListingPhotoCopies } from '../store/useListingPhotoCopies';
import { useReport } from '../store/useReport';
import { AddressSearch } from './HomePage';
import '../cma.css';

export default function AddOnComparablePage() {
  useDocumentTitle('Add comparables');
  const { report, edit } = useReport();
  const navigate = useNavigate();
  useListingPhotoCopies();
  const [fileRecords, setFileRecords] = useState<CmaRecord[]>([]);
  const [draft, setDraft] = useState<CmaRecord>(() => blankRecord(report.csvType));
  const selected = new Set(asRecords(report.comaparables).map((c) => c.uuid));
  const removed = asRecords(report.removedComparables);
  const draftReady = typeof draft['Net Sales Price'] === 'number' && !!draft.properties_address;
  // The report (in the browser and on the server) takes no more: adding is turned off here rather than refused there.
  const full = selected.size >= REPORT_MAX_COMPARABLES;

  return (
    <section className="page cma-page" aria-labelledby="page-title">
      <StepNav />
      <h1 id="page-title">Add comparables</h1>
      <p className="lead">{formatCount(selected.size, 'comparable')} selected.</p>
      {full && (
        <p className="cma-hint" role="status">
          A report can have at most {REPORT_MAX_COMPARABLES} comparables. Remove one on the adjustments page to add another.
        </p>
      )}

      <div className="card">
        <h2 className="card__title">Restore removed comparables</h2>
        {removed.length === 0 ? (
          <p className="cma-empty">Nothing removed.</p>
        ) : (
          <ul className="cma-results">
            {removed.map((r) => (
              <li key={r.uuid}>
                <span>{addressOf(r)}</span>
                <button type="button" className="button button--secondary" disabled={full} onClick={() => edit(restoreComparable, r.uuid)}>Restore</button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="card">
        <h2 className="card__title">From another file</h2>
        <ImportPanel label="Upload another MLS CSV" onRecords={(records) => setFileRecords((prev) => [...prev, ...records])} />
        {fileRecords.length > 0 && (
          <ul className="cma-results" aria-label="Listings from the file">
            {fileRecords.slice(0, 30).map((r) => (
              <li key={r.uuid}>
                <span>{addressOf(r)} · {text(r.MLS)} · {text(r['Net Sales Price'])}</span>
                <button type="button" className="button button--secondary" disabled={full || selected.has(r.uuid)} onClick={() => edit(addExtraComparable, r, 'file')}>{selected.has(r.uuid) ? 'Added' : 'Add'}</button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="card">
        <h2 className="card__title">From the listing database</h2>
        <AddressSearch actionLabel="Add as comparable" pickDisabled={full} onPick={(record) => edit(addExtraComparable, record, 'database')} />
      </div>

      <div className="card">
        <h2 className="card__title">By hand</h2>
        <PropertyFactsForm record={draft} onChange={setDraft} />
        <button
          type="button"
          className="button button--primary"
          disabled={!draftReady || full}
          onClick={() => {
            edit(addExtraComparable, draft, 'manual');
            setDraft(blankRecord(report.csvType));
          }}
        >
          Add this comparable
        </button>
        {!draftReady && <p className="cma-hint">A street address and a close price are needed to adjust a comparable.</p>}
      </div>

      <div className="button-row">
        <Link className="button button--ghost" to="/compare">← Ranked candidates</Link>
        <button type="button" className="button button--primary" onClick={() => navigate('/adjustment')}>Go to adjustments →</button>
      </div>
    </section>
  );
}
