import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatAmount, formatPercent, type WeightingMethod } from '@cma/valuation';
import { reportColour } from '@cma/report/colour';
import { useGetBrandKitQuery } from '../../../shared/api/api';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { MoneyInput } from '../../../shared/ui/MoneyInput';
import { useEncodedImagesQuery } from '../api/cmaApi';
import { AdjustedPriceChart, PricePerSqftChart, type SizePoint } from '../components/Charts';
import { MarketModelPanel } from '../components/MarketModelPanel';
import { MarketStatus } from '../components/MarketStatus';
import { useMarketMeasurement } from '../market-model/useMarketMeasurement';
import { imageSrc, PhotoManager } from '../components/PhotoManager';
import { StepNav } from '../components/StepNav';
import { useCmaListings } from '../model/listingPool';
import { addressOf } from '../model/records';
import { setMarketModelShown, setModelInValue, setWeighting } from '../store/workflow';
import { useListingPhotoCopies } from '../store/useListingPhotoCopies';
import { useCmaComputation, useReport } from '../store/useReport';
import '../cma.css';
import { ReportCard } from '../components/ReportCard';

const METHODS: { value: WeightingMethod; label: string }[] = [
  { value: 'inverse-gross', label: 'By adjustment size (1 ÷ (gross % + 5 %))' },
  { value: 'equal', label: 'Equal weights' },
  { value: 'manual', label: 'Manual weights' },
];

export default function ReviewPage() {
  useDocumentTitle('Review');
  const { report, edit, update } = useReport();
  const { listings } = useCmaListings(report.allCsvData);
  const brandColour = useGetBrandKitQuery().data?.brand_colour ?? null;
  const colour = reportColour(report, brandColour);
  const ownColour = brandColour !== null && colour.toLowerCase() !== brandColour;
  const navigate = useNavigate();
  useListingPhotoCopies();
  const computation = useCmaComputation();
  const measurement = useMarketMeasurement();
  const rec = computation.reconciliation;
  const method = computation.formulas.weighting?.method ?? 'inverse-gross';
  const manual = computation.formulas.weighting?.manualWeights ?? {};
  // valueCma's value and engine range: the PDF prints the same (reconciled with an accepted market model).
  const value = computation.value ?? 0;
  const engineRange = computation.engineRange ?? { start: 0, end: 0 };
  const rangeStart = report.range.start === '' ? computation.engineRange?.start ?? '' : report.range.start;
  const rangeEnd = report.range.end === '' ? computation.engineRange?.end ?? '' : report.range.end;
  const adjusted = computation.comparables.filter((c) => c.adjustment);
  const subjectUuid = report.selectedPropertydataUUID;
  const { data: subjectPhotos = [] } = useEncodedImagesQuery(subjectUuid, { skip: !subjectUuid });
  // uuid → image id ('subject' for the subject); the report page turns ids into the photos it prints.
  const photoChoice = ((report.report_data as { photoChoice?: Record<string, string> } | null)?.photoChoice ?? {}) as Record<string, string>;
  const choosePhoto = (key: string, imageId: string) => update({ report_data: { ...(report.report_data ?? {}), photoChoice: { ...photoChoice, [key]: imageId } } });

  const sizePoints = useMemo<SizePoint[]>(() => {
    const chosen = new Set(adjusted.map((c) => c.record.uuid));
    const points: SizePoint[] = [];
    for (const r of listings.slice(0, 2000)) {
      const size = r['Above Grade Finished Area'];
      const rate = r.perSquareFeet;
      if (typeof size === 'number' && typeof rate === 'number' && size > 0) points.push({ id: r.uuid, size, perSqft: rate, kind: chosen.has(r.uuid) ? 'comparable' : 'market', label: addressOf(r) });
    }
    for (const c of adjusted) {
      const size = c.record['Above Grade Finished Area'];
      const rate = c.record.perSquareFeet;
      if (!points.some((p) => p.id === c.record.uuid) && typeof size === 'number' && typeof rate === 'number') points.push({ id: c.record.uuid, size, perSqft: rate, kind: 'comparable', label: addressOf(c.record) });
    }
    return points;
  }, [listings, adjusted]);

  function goToReport() {
    if (!rec) return;
    // The chosen subject photo stays on the server (photoChoice.subject holds its id; the PDF's copy of the state gets
    // its bytes): no data URL in localStorage. One kept there by an older version goes once the subject has stored photos.
    update({
      ...(subjectPhotos.length > 0 ? { base64Images: [] } : {}),
      range: { start: rangeStart, end: rangeEnd },
      review_data: {
        value,
        method: rec.method,
        weights: rec.weights,
        suggestedRange: engineRange,
        explanation: rec.explanation,
        asOfDate: computation.asOfDate,
        comparables: adjusted.map((c) => ({ uuid: c.record.uuid, ...c.adjustment })),
        warnings: computation.warnings,
      },
      report_data: { ...(report.report_data ?? {}), photoChoice },
    });
    navigate('/report');
  }

  if (!rec) {
    return (
      <section className="page cma-page" aria-labelledby="page-title">
        <StepNav />
        <h1 id="page-title">Review</h1>
        <div className="card"><p className="cma-empty">Nothing to review yet: choose a subject and at least one comparable with a sale price. <Link to="/compare">Choose comparables</Link>.</p></div>
      </section>
    );
  }

  const model = computation.marketModel;
  const likely = computation.likelyRange;
  const reading = computation.formulas.marketModel;
  const currentReading = reading && reading.estimate != null && !computation.warnings.some((w) => w.code === 'market-model-stale') ? { ...reading, estimate: reading.estimate } : null;

  return (
    <section className="page cma-page" aria-labelledby="page-title">
      <StepNav />
      <h1 id="page-title">Review</h1>
      <MarketStatus view={measurement} onBringUpToDate={measurement.bringUpToDate} />
      <section className="cma-value card" aria-label="Reconciled value">
        <div>
          <span className="eyebrow">{model ? 'Reconciled value: comparables and market model' : 'Value from the comparables'}</span>
          <p className="cma-value__figure" data-testid="reconciled-value">{formatAmount(value)}</p>
          {model && (
            <p className="cma-value__parts" data-testid="value-approaches">
              Comparables {formatAmount(model.comparablesValue)} carry <strong>{formatPercent(model.comparablesWeight * 100, 0)}</strong>; the market model {formatAmount(Math.round(model.reading.estimate))} carries <strong>{formatPercent((1 - model.comparablesWeight) * 100, 0)}</strong>.
            </p>
          )}
          {model && <p className="cma-hint" data-testid="value-model-explanation">{model.explanation}</p>}
          <p className="cma-hint" data-testid="value-explanation">{rec.explanation}</p>
          <details className="cma-hint">
            <summary>Show the arithmetic</summary>
            <p>{rec.arithmetic}</p>
          </details>
        </div>
        <fieldset className="cma-range">
          <legend>Suggested price range</legend>
          {likely ? (
            <p className="cma-likely" data-testid="likely-range">
              <strong>80 % likely range {formatAmount(likely.low)} – {formatAmount(likely.high)}</strong>
              <span className="cma-hint">{likely.basis}</span>
            </p>
          ) : (
            <p className="cma-hint" data-testid="spread-range">The spread of the adjusted prices, {formatAmount(engineRange.start)} – {formatAmount(engineRange.end)}: not yet measured against recent sales.</p>
          )}
          <label className="cma-field">
            <span>Range start</span>
            <MoneyInput value={rangeStart} onValue={(start) => update({ range: { start, end: rangeEnd } })} />
          </label>
          <label className="cma-field">
            <span>Range end</span>
            <MoneyInput value={rangeEnd} onValue={(end) => update({ range: { start: rangeStart, end } })} />
          </label>
          <button type="button" className="cma-link" onClick={() => update({ range: { start: '', end: '' } })}>Use the suggested {formatAmount(engineRange.start)} – {formatAmount(engineRange.end)}</button>
        </fieldset>
      </section>

      {currentReading && (
        <MarketModelPanel reading={currentReading} onInValue={(inValue) => edit(setModelInValue, inValue)} onShownToClient={(shown) => edit(setMarketModelShown, shown)} />
      )}

      <div className="card">
        <div className="cma-form-row">
          <label className="cma-field">
            <span>Weighting</span>
            <select value={method} onChange={(e) => edit(setWeighting, e.target.value as WeightingMethod, method === 'manual' ? manual : Object.fromEntries(rec.weights.map((w) => [w.comparableId, Math.round(w.share * 100)])))}>
              {METHODS.map((m) => (
                <option key={m.value} value={m.value}>{m.label}</option>
              ))}
            </select>
          </label>
        </div>
        <table className="cma-table" aria-label="Adjusted prices side by side">
          <thead>
            <tr><th scope="col">Comparable</th><th scope="col">Net sales price</th><th scope="col">Adjustments</th><th scope="col">Adjusted price</th><th scope="col">Gross %</th><th scope="col">Weight</th><th scope="col">Photo</th></tr>
          </thead>
          <tbody>
            {adjusted.map((c, i) => {
              const a = c.adjustment!;
              const weight = rec.weights[i];
              return (
                <tr key={c.record.uuid}>
                  <th scope="row">Comp {i + 1}: {addressOf(c.record)}</th>
                  <td className="cma-num">{formatAmount(a.netSalesPrice)}</td>
                  <td className="cma-num">{formatAmount(a.totalAdjustment)}</td>
                  <td className="cma-num"><strong>{formatAmount(a.adjustedPrice)}</strong></td>
                  <td><span className={`risk risk--${a.grossRisk}`}>{formatPercent(a.grossPercent)}</span></td>
                  <td title={weight?.reason}>
                    {method === 'manual' ? (
                      <input
                        type="number"
                        min="0"
                        aria-label={`Weight of comp ${i + 1}`}
                        className="cma-rate__input"
                        value={manual[a.comparableId] ?? ''}
                        onChange={(e) => edit(setWeighting, 'manual', { ...manual, [a.comparableId]: Number(e.target.value) })}
                      />
                    ) : null}{' '}
                    {weight ? formatPercent(weight.share * 100) : ''}
                  </td>
                  <td>
                    <ComparablePhotoChoice propertyId={c.record.uuid} label={`Photo of comp ${i + 1}`} chosenId={photoChoice[c.record.uuid] ?? ''} onChoose={(id) => choosePhoto(c.record.uuid, id)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <div className="cma-charts">
        <div className="card">
          <h2 className="card__title">Adjusted prices</h2>
          <AdjustedPriceChart
            bars={adjusted.map((c, i) => ({ id: c.record.uuid, label: `Comp ${i + 1}`, netSalesPrice: c.adjustment!.netSalesPrice, adjustedPrice: c.adjustment!.adjustedPrice }))}
            value={value}
            range={typeof rangeStart === 'number' && typeof rangeEnd === 'number' ? { start: rangeStart, end: rangeEnd } : engineRange}
          />
        </div>
        <div className="card">
          <h2 className="card__title">Price per sq ft vs size</h2>
          <PricePerSqftChart points={sizePoints} subjectSize={computation.blindSubject?.aboveGradeFinishedArea ?? null} />
        </div>
      </div>

      {subjectPhotos.length > 0 && (
        <div className="card">
          <h2 className="card__title">Subject photo for the report</h2>
          <div className="cma-photo-choice" role="radiogroup" aria-label="Subject photo">
            {subjectPhotos.map((photo, n) => {
              const chosen = (photoChoice.subject ?? String(subjectPhotos[0]!.id)) === String(photo.id);
              return (
                <label key={String(photo.id)} className={`cma-photo-option${chosen ? ' cma-photo-option--chosen' : ''}`}>
                  <input type="radio" name="subject-photo" checked={chosen} onChange={() => choosePhoto('subject', String(photo.id))} />
                  <img src={imageSrc(photo)} alt={`Subject photo ${n + 1}`} />
                </label>
              );
            })}
          </div>
        </div>
      )}

      <div className="card">
        <h2 className="card__title">Comparable photos</h2>
        <p className="cma-hint">Photos of comparables from the listing database are added for you. The photo marked “In the report” is printed; pick another in the Photo column above.</p>
        <div className="cma-comp-photos">
          {adjusted.map((c, i) => (
            <section key={c.record.uuid} className="cma-comp-photos__item" aria-labelledby={`comp-photos-${i}`}>
              <h3 id={`comp-photos-${i}`} className="cma-comp-photos__title">Comp {i + 1}: {addressOf(c.record)}</h3>
              <PhotoManager propertyId={c.record.uuid} propertyName={`comp ${i + 1}`} chosenId={photoChoice[c.record.uuid] ?? ''} />
            </section>
          ))}
        </div>
      </div>

      <ReportCard reportName={report.reportName} clientName={report.clientName} onChange={update}>
        <div className="cma-field">
          <label htmlFor="report-colour">PDF colour</label>
          {/* The profile's brand colour unless this report picks its own (decision 2061). */}
          <input
            id="report-colour"
            type="color"
            value={colour}
            onChange={(e) => update({ pdfColor: e.target.value, report_data: { ...(report.report_data ?? {}), ownColour: true } })}
            aria-describedby="report-colour-hint"
          />
          <span id="report-colour-hint" className="cma-field__hint">
            {ownColour ? (
              <button type="button" className="link-button" onClick={() => update({ report_data: { ...(report.report_data ?? {}), ownColour: false } })}>
                Use my brand colour
              </button>
            ) : brandColour ? (
              'Your brand colour'
            ) : (
              <Link to="/edit-profile#brand-kit">Set one for every report</Link>
            )}
          </span>
        </div>
      </ReportCard>

      <div className="button-row">
        <Link className="button button--ghost" to="/adjustment">← Back to adjustments</Link>
        <button type="button" className="button button--primary" onClick={goToReport}>Continue to the report →</button>
      </div>
    </section>
  );
}

/** The comparable's photo for the report, chosen among its stored photos ('' = the first). */
function ComparablePhotoChoice({ propertyId, label, chosenId, onChoose }: { propertyId: string; label: string; chosenId: string; onChoose(imageId: string): void }) {
  const { data: photos = [] } = useEncodedImagesQuery(propertyId);
  if (photos.length === 0) return <span className="cma-hint">none</span>;
  return (
    <select aria-label={label} value={photos.some((p) => String(p.id) === chosenId) ? chosenId : ''} onChange={(e) => onChoose(e.target.value)}>
      <option value="">First photo</option>
      {photos.map((p, n) => (
        <option key={String(p.id)} value={String(p.id)}>Photo {n + 1}</option>
      ))}
    </select>
  );
}
