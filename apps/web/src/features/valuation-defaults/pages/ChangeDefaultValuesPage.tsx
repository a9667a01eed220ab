import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ABOVE_GRADE_STYLE, defaultAdjustmentValues, TIER_LABELS, UAD_STEP_DEFAULTS } from '@cma/valuation';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { notify, SOMETHING_WENT_WRONG } from '../../../shared/toast';
import { useGetDefaultValuesQuery, useResetDefaultValuesMutation, useStoreDefaultValuesMutation } from '../api/valuationDefaultsApi';
import { AMOUNT_FIELDS, TIER_RANGE_TEXT, rowsFromStepValues, rowsFromValues, stepValuesFromRows, tidyAmountText, unitHint, validateRows, valuesFromRows, type DefaultValuesRow, type RowErrors } from '../model/defaultValuesForm';
import '../valuation-defaults.css';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

/** The server's message (spec §8: show data.error if present), else its first field message. */
function failureMessage(error: unknown): string {
  const failure = error as FetchBaseQueryError | undefined;
  if (!failure || typeof failure.status !== 'number') return SOMETHING_WENT_WRONG;
  const body = (failure.data ?? {}) as { message?: unknown; data?: { error?: unknown } };
  if (body.data && typeof body.data.error === 'string') return body.data.error;
  return typeof body.message === 'string' && body.message ? body.message : SOMETHING_WENT_WRONG;
}

/** One table of amounts by price tier: a row per category (or per quality/condition step), each cell checked as typed. */
function AmountTable({ caption, firstColumn, rows, errors, onAmount }: { caption: string; firstColumn: string; rows: DefaultValuesRow[]; errors: RowErrors; onAmount(style: string, tier: number, value: string): void }) {
  return (
    <div className="defaults-table-wrap">
      <table className="defaults-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            {TIER_LABELS.map((label, tier) => (
              <th scope="col" key={label}>
                {label}
                <span className="defaults-range">{TIER_RANGE_TEXT[tier]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.style} data-style={row.style}>
              <th scope="row">
                <span className="defaults-label">{row.label}</span>
                <span className="defaults-hint">{unitHint(row.style)}</span>
              </th>
              {AMOUNT_FIELDS.map((field, tier) => {
                const message = errors[row.style]?.[field];
                const id = `amount-${row.style}-${tier}`;
                return (
                  <td key={field}>
                    <span className="defaults-amount">
                      {row.style !== ABOVE_GRADE_STYLE && <span className="defaults-amount__unit" aria-hidden="true">$</span>}
                      <input
                        id={id}
                        className={message ? 'defaults-input defaults-input--invalid' : 'defaults-input'}
                        type="text"
                        inputMode="decimal"
                        aria-label={`${row.label}, ${TIER_LABELS[tier]}`}
                        aria-invalid={message ? true : undefined}
                        aria-describedby={message ? `${id}-error` : undefined}
                        value={row.amounts[tier]}
                        onChange={(event) => onAmount(row.style, tier, event.target.value)}
                        onBlur={(event) => onAmount(row.style, tier, tidyAmountText(event.target.value))}
                      />
                    </span>
                    {message ? (
                      <span id={`${id}-error`} className="defaults-error" role="alert">
                        {message}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /change-default-values: the agent's adjustment rates per category and price tier (spec §3, §9), and per quality and condition step. */
export default function ChangeDefaultValuesPage() {
  useDocumentTitle('Change default values');
  const { data, isLoading, isError, refetch } = useGetDefaultValuesQuery();
  const [store, storing] = useStoreDefaultValuesMutation();
  const [reset, resetting] = useResetDefaultValuesMutation();
  const [rows, setRows] = useState<DefaultValuesRow[] | null>(null);
  const [stepRows, setStepRows] = useState<DefaultValuesRow[] | null>(null);
  const [useMarketRates, setUseMarketRates] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);

  // The form starts from what the server has whenever that changes (first load, after save or reset).
  useEffect(() => {
    if (!data) return;
    setRows(rowsFromValues(data.user_property_adjustment_value));
    setStepRows(rowsFromStepValues(data.uad_step_values));
    setUseMarketRates(data.use_market_derived_rates);
    setSubmitted(false);
  }, [data]);

  const check = useMemo(() => validateRows(rows ?? []), [rows]);
  const stepCheck = useMemo(() => validateRows(stepRows ?? []), [stepRows]);
  const errors: RowErrors = submitted ? { ...check.errors, ...stepCheck.errors } : {};
  const pristineDefaults = useMemo(() => [...rowsFromValues(defaultAdjustmentValues()), ...rowsFromStepValues(UAD_STEP_DEFAULTS)], []);
  const differsFromDefaults = rows !== null && stepRows !== null && JSON.stringify([...rows, ...stepRows].map((r) => r.amounts)) !== JSON.stringify(pristineDefaults.map((r) => r.amounts));

  if (isLoading || (data && (!rows || !stepRows))) return <PageLoader label="Loading your default values…" />;
  if (isError || !rows || !stepRows) {
    return (
      <section className="defaults-page">
        <h1>Change default values</h1>
        <LoadFailed what="Your default values" className="defaults-notice defaults-notice--error" linkClassName="defaults-link" onRetry={() => void refetch()} />
      </section>
    );
  }

  const withAmount = (style: string, tier: number, value: string) => (current: DefaultValuesRow[] | null) =>
    current!.map((row) => (row.style === style ? { ...row, amounts: row.amounts.map((a, i) => (i === tier ? value : a)) as DefaultValuesRow['amounts'] } : row));
  const setAmount = (style: string, tier: number, value: string) => setRows(withAmount(style, tier, value));
  const setStepAmount = (style: string, tier: number, value: string) => setStepRows(withAmount(style, tier, value));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (check.count > 0 || stepCheck.count > 0 || check.tooMany) {
      notify('error', check.tooMany ?? 'Please correct the highlighted amounts.');
      return;
    }
    const result = await store({ user_property_adjustment_value: valuesFromRows(rows!), uad_step_values: stepValuesFromRows(stepRows!), use_market_derived_rates: useMarketRates });
    if ('error' in result) notify('error', failureMessage(result.error));
    else notify('success', result.data.message ?? 'Adjustment values saved successfully');
  }

  async function onReset() {
    setConfirmingReset(false);
    const result = await reset();
    if ('error' in result) notify('error', failureMessage(result.error));
    else notify('success', result.data.message ?? 'Adjustment values reset to defaults');
  }

  const busy = storing.isLoading || resetting.isLoading;
  return (
    <section className="defaults-page" aria-labelledby="defaults-title">
      <header className="defaults-header">
        <h1 id="defaults-title">Change default values</h1>
        <p>
          The dollar amounts applied for each difference between a comparable and the subject. The price range is chosen by the
          comparable&apos;s net sales price. These values start every new CMA; you can still change any cell in the adjustment grid.
        </p>
        {data?.is_default ? <p className="defaults-notice">You are using the recommended default values.</p> : null}
      </header>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <AmountTable caption="Adjustment amounts per category and price range" firstColumn="Category" rows={rows} errors={errors} onAmount={setAmount} />
        <h2 className="defaults-subtitle" id="steps-title">Quality and condition</h2>
        <p className="defaults-hint">
          Per UAD step of difference (Q1–Q6 for quality, C1–C6 for condition), by the comparable&apos;s price range. They price the Quality and
          Condition rows of the adjustment grid where the sales you load do not measure a rate; the export&apos;s finer rating (a grade, a ten-point
          word) places a home between steps.
        </p>
        <AmountTable caption="Quality and condition amounts per step and price range" firstColumn="Per step" rows={stepRows} errors={errors} onAmount={setStepAmount} />
        {submitted && check.tooMany ? <p className="defaults-error" role="alert">{check.tooMany}</p> : null}
        <label className="defaults-market">
          <input type="checkbox" checked={useMarketRates} onChange={(event) => setUseMarketRates(event.target.checked)} />
          <span>
            Use market-derived rates when a CMA has enough closed sales
            <span className="defaults-hint">
              Rates estimated from the sales you load replace these values where the estimate is confident; these values apply otherwise.
            </span>
          </span>
        </label>
        <div className="defaults-actions">
          <button type="submit" className="defaults-button defaults-button--primary" disabled={busy}>
            {storing.isLoading ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="defaults-button" onClick={() => setConfirmingReset(true)} disabled={busy || (data?.is_default && !differsFromDefaults)}>
            Reset to defaults
          </button>
          <Link to="/home" className="defaults-link">
            Back to home
          </Link>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingReset}
        title="Reset to the recommended values?"
        message="Every category's three amounts, and quality and condition per step, go back to the recommended defaults. CMAs already saved keep the rates they were made with."
        confirmLabel="Reset to defaults"
        onConfirm={() => void onReset()}
        onCancel={() => setConfirmingReset(false)}
      />
    </section>
  );
}
