// The adjustment grid: subject and comparables in columns, categories in rows; each cell shows the fact and the
// engine's dollar adjustment with an editable rate. Every figure is read from the engine's ComparableAdjustment.
import { useState, type KeyboardEvent } from 'react';
import { ADDITIONAL_FACT_SCALES, ADDITIONAL_FACT_SHORT_LABELS, formatAmount, formatNumber, type AgentUadSteps, formatPercent, formatSignedAmount, type AdditionalFactGroup, type AdditionalFacts, type AdjustmentLine, type CellOverride, type SaleFacts, type SuggestedFacts } from '@cma/valuation';
import { NOT_AVAILABLE } from '@cma/listings-import';
import type { CmaComputation } from '../model/cmaModel';
import { listingReadingsOf } from '@cma/cma';
import { addressOf, suggestedFactsOf, unconfirmedSuggestions } from '../model/records';
import { UadStepPicker } from './UadStepPicker';
import { MoneyInput } from '../../../shared/ui/MoneyInput';

export interface AdjustmentGridProps {
  computation: CmaComputation;
  onCellOverride(uuid: string, style: string, override: CellOverride | null): void;
  onToggleCategory(style: string): void;
  onToggleComparable(uuid: string, enabled: boolean): void;
  onComparableFacts(uuid: string, facts: AdditionalFacts): void;
  onConfirmSuggestions(uuid: string): void;
  /** The agent confirmed or picked quality / condition steps of the subject (uuid null) or a comparable. */
  onUadSteps(uuid: string | null, changes: AgentUadSteps): void;
  onNotes(uuid: string, notes: string): void;
  onRemove(uuid: string): void;
}

const RISK_LABEL = { green: 'low', amber: 'medium', red: 'high' } as const;

/** The Quality and Condition rows carry the step pickers in their cells: confirming or changing a step moves the amount at once. */
const isUadRow = (style: string): style is 'quality' | 'condition' => style === 'quality' || style === 'condition';

/** "1 step better × $45,000 (market)": the amount of a quality or condition cell in a few words. */
function stepsWhy(line: AdjustmentLine): string {
  const steps = Math.abs(line.difference ?? 0);
  const source = line.rateSource === 'market' ? 'market' : line.rateSource === 'override' ? 'yours, this cell' : 'your default';
  return `${formatNumber(steps, 2)} step${steps === 1 ? '' : 's'} ${(line.difference ?? 0) > 0 ? 'worse than the subject' : 'better than the subject'} × ${formatAmount(line.rate ?? 0)} (${source})`;
}

/** The export's own finer rating under a step picker ('grade 9', 'Above average'), when it has one. */
function FineRating({ facts, style }: { facts: SaleFacts | null; style: 'quality' | 'condition' }) {
  const words = (style === 'quality' ? facts?.qualityFine : facts?.conditionFine)?.words;
  return words ? <div className="cma-cell__why">Listing: {words}</div> : null;
}

export function AdjustmentGrid({ computation, onCellOverride, onToggleCategory, onToggleComparable, onComparableFacts, onConfirmSuggestions, onUadSteps, onNotes, onRemove }: AdjustmentGridProps) {
  const [showEmptyRows, setShowEmptyRows] = useState(false);
  const { comparables, subject } = computation;
  const disabled = new Set(computation.formulas.disabledCategories ?? []);
  const withLines = comparables.find((c) => c.adjustment)?.adjustment?.lines ?? [];
  const rows = withLines.map((l) => ({ style: l.style, label: l.label }));

  // Alt + arrow keys move between the rate inputs like a spreadsheet (plain arrows keep their input meaning).
  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    if (!event.altKey) return;
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.row);
    const col = Number(target.dataset.col);
    const delta = ({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] } as Record<string, [number, number]>)[event.key];
    if (!delta || Number.isNaN(row) || Number.isNaN(col)) return;
    const next = event.currentTarget.querySelector<HTMLElement>(`[data-row="${row + delta[0]}"][data-col="${col + delta[1]}"]`);
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  if (!subject) return <p className="cma-empty">Choose a subject first.</p>;
  if (comparables.length === 0) return <p className="cma-empty">No comparables selected yet. Tick some on the comparables step.</p>;

  // Rows no property has data for (a column the export does not carry) are hidden unless the agent asks for them; a row
  // the subject has a value for stays, marked "not compared", so the agent sees what the value leaves out.
  // Quality and condition always show: their pickers are where the agent says what the export does not.
  const emptyRows = rows.filter((row) => {
    if (isUadRow(row.style)) return false;
    const lines = comparables.map((c) => c.adjustment?.lines.find((l) => l.style === row.style));
    return (lines.find(Boolean)?.subjectValue ?? NOT_AVAILABLE) === NOT_AVAILABLE && lines.every((line) => (line?.comparableValue ?? NOT_AVAILABLE) === NOT_AVAILABLE);
  });
  const emptyStyles = new Set(emptyRows.map((row) => row.style));
  const shownRows = showEmptyRows ? rows : rows.filter((row) => !emptyStyles.has(row.style));

  return (
    <div className="cma-grid-block">
      {emptyRows.length > 0 && (
        <label className="cma-check cma-grid-toggle">
          <input type="checkbox" checked={showEmptyRows} onChange={(e) => setShowEmptyRows(e.target.checked)} />
          Show {emptyRows.length === 1 ? 'the row' : `the ${emptyRows.length} rows`} no property has data for ({emptyRows.map((row) => row.label).join(', ')})
        </label>
      )}
      <div className="cma-grid-wrap" role="region" aria-label="Adjustment grid, scrolls both ways" tabIndex={0}>
        <table className="cma-grid" onKeyDown={onKeyDown} aria-label="Adjustment grid">
          <colgroup>
            <col className="cma-grid__col-category" />
            <col className="cma-grid__col-subject" />
            {comparables.map((c) => <col key={c.record.uuid} className="cma-grid__col-comp" />)}
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className="cma-grid__corner">Category</th>
              <th scope="col" className="cma-grid__subject">Subject<br /><span className="cma-grid__addr">{addressOf(subject)}</span></th>
              {comparables.map((c, i) => (
                <th scope="col" key={c.record.uuid}>
                  Comp {i + 1}<br /><span className="cma-grid__addr">{addressOf(c.record)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Net sales price</th>
              <td className="cma-grid__subject">—</td>
              {comparables.map((c) => (
                <td key={c.record.uuid} className="cma-num">{c.adjustment ? formatAmount(c.adjustment.netSalesPrice) : <span className="cma-error">{c.problem}</span>}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Adjust this comparable</th>
              <td className="cma-grid__subject" />
              {comparables.map((c, i) => (
                <td key={c.record.uuid}>
                  <div className="cma-grid__comp-actions">
                    <label className="cma-check">
                      <input type="checkbox" checked={c.record.add_adjustment !== false} onChange={(e) => onToggleComparable(c.record.uuid, e.target.checked)} />
                      <span className="visually-hidden">Apply adjustments to comp {i + 1}</span> on
                    </label>
                    <button type="button" className="cma-link" onClick={() => onRemove(c.record.uuid)} aria-label={`Remove comp ${i + 1}`}>Remove</button>
                  </div>
                </td>
              ))}
            </tr>
            {shownRows.map((row) => {
              const r = rows.indexOf(row);
              const off = disabled.has(row.style);
              const lines = comparables.map((c) => c.adjustment?.lines.find((l) => l.style === row.style));
              const subjectValue = lines.find(Boolean)?.subjectValue ?? '';
              const notCompared = !off && lines.every((line) => !line || line.status === 'unknown');
              return (
                <tr key={row.style} className={off ? 'cma-grid__row--off' : undefined}>
                  <th scope="row">
                    <label className="cma-check">
                      <input type="checkbox" checked={!off} onChange={() => onToggleCategory(row.style)} aria-label={`Use the ${row.label} adjustment`} />
                      {row.label}
                    </label>
                    {notCompared && <span className="cma-badge cma-badge--muted">not compared</span>}
                  </th>
                  <td className="cma-grid__subject">
                    {isUadRow(row.style) ? (
                      <UadStepPicker compact facts={[row.style]} record={subject} readings={listingReadingsOf(subject)} owner="the subject" onChange={(changes) => onUadSteps(null, changes)} />
                    ) : subjectValue}
                    {isUadRow(row.style) && <FineRating facts={computation.blindSubject} style={row.style} />}
                  </td>
                  {comparables.map((c, col) => {
                    const line = lines[col];
                    if (!line) return <td key={c.record.uuid} />;
                    const override = computation.formulas.cells?.[c.record.uuid]?.[row.style];
                    return (
                      <td key={c.record.uuid} className={`cma-cell cma-cell--${line.status}`} title={line.explanation}>
                        {isUadRow(row.style) ? (
                          <>
                            <UadStepPicker compact facts={[row.style]} record={c.record} readings={listingReadingsOf(c.record)} owner={`comp ${col + 1}`} onChange={(changes) => onUadSteps(c.record.uuid, changes)} />
                            <FineRating facts={c.facts} style={row.style} />
                          </>
                        ) : (
                          <div className="cma-cell__fact">{line.comparableValue}</div>
                        )}
                        <div className="cma-cell__amount" data-testid={`amount-${c.record.uuid}-${row.style}`}>{formatSignedAmount(line.amount)}</div>
                        {/* What the amount is made of, in words the agent can check (the full sentence is the cell's title). */}
                        {isUadRow(row.style) && line.status === 'applied' && <div className="cma-cell__why">{stepsWhy(line)}</div>}
                        {line.status === 'unknown' ? (
                          <div className="cma-cell__note">Not compared: {line.comparableValue === NOT_AVAILABLE ? 'no data' : 'unknown for the subject'}</div>
                        ) : (
                          <RateInput
                            label={`${row.label} rate for comp ${col + 1}`}
                            rate={line.rate}
                            overridden={override?.rate != null}
                            disabled={line.status === 'disabled'}
                            row={r}
                            col={col}
                            onCommit={(rate) => onCellOverride(c.record.uuid, row.style, rate == null ? null : { rate })}
                          />
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Net adjustment</th>
              <td className="cma-grid__subject" />
              {comparables.map((c) => (
                <td key={c.record.uuid} className="cma-num">{c.adjustment ? formatSignedAmount(c.adjustment.totalAdjustment) : ''}</td>
              ))}
            </tr>
            <tr className="cma-grid__total">
              <th scope="row">Adjusted price</th>
              <td className="cma-grid__subject" />
              {comparables.map((c) => (
                <td key={c.record.uuid} className="cma-num" data-testid={`adjusted-${c.record.uuid}`}>{c.adjustment ? formatAmount(c.adjustment.adjustedPrice) : ''}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Net % / Gross %</th>
              <td className="cma-grid__subject" />
              {comparables.map((c) => (
                <td key={c.record.uuid}>
                  {c.adjustment && (
                    <span className="cma-risks">
                      <span className={`risk risk--${c.adjustment.netRisk}`} title={`Net risk ${RISK_LABEL[c.adjustment.netRisk]}`}>Net {formatPercent(c.adjustment.netPercent)}</span>
                      <span className={`risk risk--${c.adjustment.grossRisk}`} title={`Gross risk ${RISK_LABEL[c.adjustment.grossRisk]}`}>Gross {formatPercent(c.adjustment.grossPercent)}</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Additional home facts</th>
              <td className="cma-grid__subject">
                {Object.entries((subject.subjectAdditionalInfo as AdditionalFacts | undefined) ?? {})
                  .filter(([, v]) => v)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join('; ') || 'None set'}
              </td>
              {comparables.map((c, i) => (
                <td key={c.record.uuid}>
                  <CompactFacts
                    idPrefix={`comp ${i + 1}`}
                    facts={(c.record.selectedAdditionalInfo as AdditionalFacts | undefined) ?? {}}
                    suggested={unconfirmedSuggestions(c.record)}
                    sources={suggestedFactsOf(c.record)}
                    onChange={(facts) => onComparableFacts(c.record.uuid, facts)}
                    onConfirm={() => onConfirmSuggestions(c.record.uuid)}
                  />
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Agent notes</th>
              <td className="cma-grid__subject" />
              {comparables.map((c, i) => (
                <td key={c.record.uuid}>
                  <textarea aria-label={`Agent notes for comp ${i + 1}`} rows={3} value={typeof c.record.agentNotes === 'string' ? c.record.agentNotes : ''} onChange={(e) => onNotes(c.record.uuid, e.target.value)} />
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

/** A rate cell, shown as money ('$12,000', '$95.50'): edits commit as they are typed (instant recompute); empty restores the default rate. */
function RateInput({ label, rate, overridden, disabled, row, col, onCommit }: { label: string; rate: number | null; overridden: boolean; disabled: boolean; row: number; col: number; onCommit(rate: number | null): void }) {
  return (
    <span className="cma-rate">
      <label>
        <MoneyInput
          cents
          signed
          aria-label={label}
          className={overridden ? 'cma-rate__input cma-rate__input--override' : 'cma-rate__input'}
          value={rate ?? ''}
          disabled={disabled}
          data-row={row}
          data-col={col}
          onValue={(value) => onCommit(value === '' ? null : value)}
        />
      </label>
      {overridden && (
        <button type="button" className="cma-link" onClick={() => onCommit(null)} aria-label={`Reset ${label} to the default`}>
          reset
        </button>
      )}
    </span>
  );
}

const NOT_SET = 'Not set — not compared';

function CompactFacts({ facts, suggested, sources, onChange, onConfirm, idPrefix }: { facts: AdditionalFacts; suggested: AdditionalFactGroup[]; sources: SuggestedFacts; onChange(facts: AdditionalFacts): void; onConfirm(): void; idPrefix: string }) {
  return (
    <div className="cma-compact-facts">
      {(Object.keys(ADDITIONAL_FACT_SCALES) as AdditionalFactGroup[]).map((group) => {
        const isSuggested = suggested.includes(group);
        return (
          <label key={group} className={isSuggested ? 'cma-compact-facts__suggested' : undefined} title={isSuggested ? `Suggested from the listing (${sources[group]?.source ?? 'listing data'})` : undefined}>
            <span>
              {group}
              {isSuggested && <span className="cma-badge">suggested</span>}
            </span>
            <select aria-label={`${group} of ${idPrefix}`} title={facts[group] ?? NOT_SET} value={facts[group] ?? ''} onChange={(e) => onChange({ ...facts, [group]: e.target.value || null })}>
              {/* A narrow column shows "Not set"; the option keeps its full name. */}
              <option value="" aria-label={NOT_SET}>Not set</option>
              {(ADDITIONAL_FACT_SCALES[group] as readonly string[]).map((option) => (
                <option key={option} value={option} aria-label={ADDITIONAL_FACT_SHORT_LABELS[option] ? option : undefined}>{ADDITIONAL_FACT_SHORT_LABELS[option] ?? option}</option>
              ))}
            </select>
          </label>
        );
      })}
      {suggested.length > 0 && (
        <button type="button" className="cma-link" onClick={onConfirm} aria-label={`Confirm the suggested facts of ${idPrefix}`}>Confirm suggestions</button>
      )}
    </div>
  );
}
