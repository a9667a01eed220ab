import { formatCount } from '@cma/valuation';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdditionalFacts } from '@cma/valuation';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { AdditionalFactsPicker } from '../components/AdditionalFactsPicker';
import { PhotoManager } from '../components/PhotoManager';
import { PropertyFactsForm } from '../components/PropertyFactsForm';
import { UadStepPicker } from '../components/UadStepPicker';
import { ValuationPurposePicker } from '../components/ValuationPurposePicker';
import { StepNav } from '../components/StepNav';
import { useCmaListings } from '../model/listingPool';
import { listingReadingsOf } from '@cma/cma';
import { addressOf, blankRecord, isRecord, suggestedFactsOf, text, unconfirmedSuggestions } from '../model/records';
import { chooseSubject, setUadSteps, updateSubject } from '../store/workflow';
import { useListingPhotoCopies } from '../store/useListingPhotoCopies';
import { useReport } from '../store/useReport';
import '../cma.css';

export default function ConfirmSubjectPage() {
  useDocumentTitle('Confirm the subject');
  const { report, edit, update } = useReport();
  const navigate = useNavigate();
  useListingPhotoCopies();
  const subject = isRecord(report.selectedPropertydata) ? report.selectedPropertydata : null;
  const { listings } = useCmaListings(report.allCsvData);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = needle ? listings.filter((r) => addressOf(r).toLowerCase().includes(needle) || String(r['Listing Id'] ?? '').toLowerCase().includes(needle)) : listings;
    return list.slice(0, 50);
  }, [listings, filter]);

  return (
    <section className="page cma-page" aria-labelledby="page-title">
      <StepNav />
      <h1 id="page-title">Confirm the subject property</h1>
      <div className="cma-columns">
        <div className="card cma-columns__side">
          <h2 className="card__title">Choose the subject</h2>
          {listings.length === 0 ? (
            <p className="cma-empty">No listings loaded. Upload a CSV or search by address on the start page, or enter the subject by hand.</p>
          ) : (
            <>
              <label className="cma-field">
                <span>Find in the {formatCount(listings.length, 'loaded listing')}</span>
                <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Address or listing id" />
              </label>
              <ul className="cma-pick-list" aria-label="Loaded listings">
                {shown.map((record) => (
                  <li key={record.uuid}>
                    <button
                      type="button"
                      className={`cma-pick${record.uuid === report.selectedPropertydataUUID ? ' cma-pick--active' : ''}`}
                      aria-pressed={record.uuid === report.selectedPropertydataUUID}
                      onClick={() => edit(chooseSubject, record, listings)}
                    >
                      <strong>{addressOf(record)}</strong>
                      <small>{text(record.MLS)} · {text(record['Above Grade Finished Area'])} sq ft · {text(record.Bedrooms)} bd · {text(record['Close Date'])}</small>
                    </button>
                  </li>
                ))}
              </ul>
              {listings.length > shown.length && <p className="cma-hint">Showing {shown.length} of {listings.length}; type to narrow.</p>}
            </>
          )}
          <button type="button" className="button button--secondary" onClick={() => edit(chooseSubject, blankRecord(report.csvType))}>Enter the subject by hand</button>
        </div>

        <div className="cma-columns__main">
          {!subject ? (
            <div className="card"><p className="cma-empty">Pick a listing on the left, or enter the subject by hand.</p></div>
          ) : (
            <>
              <div className="card">
                <h2 className="card__title">Subject: {addressOf(subject) || 'new property'}</h2>
                <p className="cma-hint">Correct anything the MLS got wrong; the adjustments use these facts.</p>
                <PropertyFactsForm record={subject} onChange={(next) => edit(updateSubject, next)} />
              </div>
              <div className="card">
                <ValuationPurposePicker
                  reportData={report.report_data}
                  saleDate={subject['Close Date'] ? text(subject['Close Date']) : null}
                  onChange={(purpose) => update({ report_data: { ...(report.report_data ?? {}), purpose } })}
                />
              </div>
              <div className="card">
                <h2 className="card__title">Quality and condition</h2>
                <p className="cma-hint">UAD steps, 1 the best. Comparables of the same or the next quality come first, and each step is priced from the market.</p>
                <UadStepPicker record={subject} readings={listingReadingsOf(subject)} owner="the subject" onChange={(steps) => edit(setUadSteps, null, steps)} />
              </div>
              <div className="card">
                <h2 className="card__title">Additional home facts</h2>
                <AdditionalFactsPicker
                  idPrefix="subject"
                  facts={(subject.subjectAdditionalInfo as AdditionalFacts | undefined) ?? {}}
                  onChange={(facts) => edit(updateSubject, { subjectAdditionalInfo: facts })}
                  suggested={unconfirmedSuggestions(subject)}
                  sources={suggestedFactsOf(subject)}
                  onConfirm={() => edit(updateSubject, { suggestedFacts: [] })}
                />
              </div>
              <div className="card">
                <h2 className="card__title">Subject photos</h2>
                <PhotoManager
                  propertyId={subject.uuid}
                  propertyName="the subject"
                  // Only ids are kept: the photos themselves stay on the server (the store must fit in localStorage).
                  onImagesChange={(images) => update({ propertyImages: images.map((image) => ({ id: String(image.id), property_id: subject.uuid })) })}
                />
              </div>
              <div className="button-row">
                <button type="button" className="button button--primary" onClick={() => navigate('/compare')}>Choose comparables →</button>
              </div>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
