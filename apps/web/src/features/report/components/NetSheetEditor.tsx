// The seller net sheet's inputs on /report: commission %, closing costs, concessions, mortgage payoff, other costs → the
// estimated net at the low, suggested and high price (computed by the engine, shown as the PDF prints it).
import { NET_SHEET_FIELDS, NET_SHEET_LABELS, formatAmount, normaliseNetSheet, type NetSheetColumn, type NetSheetInputs } from '@cma/valuation';
import { MoneyInput } from '../../../shared/ui/MoneyInput';
import { PageOffNote } from './PageOffNote';

export interface NetSheetEditorProps {
  /** report_data.netSheet as saved (numbers, or text while the agent types). */
  value: Partial<Record<keyof NetSheetInputs, number | string>>;
  onChange(value: Partial<Record<keyof NetSheetInputs, number | string>>): void;
  /** The sheet the report prints; null without a price range. */
  columns: NetSheetColumn[] | null;
  pageOn: boolean;
  onTurnPageOn(): void;
}

export function NetSheetEditor({ value, onChange, columns, pageOn, onTurnPageOn }: NetSheetEditorProps) {
  const { inputs, problems } = normaliseNetSheet(value);
  const problemOf = (field: keyof NetSheetInputs) => problems.find((p) => p.field === field)?.message;
  return (
    <details className="card report-editor">
      <summary className="h4">Seller net sheet</summary>
      {!pageOn && <PageOffNote page="net sheet" onTurnPageOn={onTurnPageOn} />}
      <div className="report-editor__grid">
        {NET_SHEET_FIELDS.map((field) => {
          const problem = problemOf(field);
          const id = `net-${field}`;
          const common = { id, 'aria-invalid': !!problem, 'aria-describedby': problem ? `${id}-error` : undefined };
          return (
            <div className="report-page__field" key={field}>
              <label htmlFor={id}>{NET_SHEET_LABELS[field]}</label>
              {field === 'commissionPercent' ? (
                <input {...common} type="text" inputMode="decimal" value={String(value[field] ?? inputs[field])} onChange={(e) => onChange({ ...value, [field]: e.target.value })} />
              ) : (
                <MoneyInput {...common} value={value[field] ?? inputs[field]} onValue={(amount) => onChange({ ...value, [field]: amount })} />
              )}
              {problem && (
                <span id={`${id}-error`} className="report-page__error">
                  {problem}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {columns ? (
        <table className="report-editor__table">
          <caption>Estimated net proceeds</caption>
          <thead>
            <tr>
              <th scope="col">Price</th>
              {columns.map((c) => (
                <th scope="col" key={c.label}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Sale price</th>
              {columns.map((c) => (
                <td key={c.label}>{formatAmount(c.price)}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Total costs</th>
              {columns.map((c) => (
                <td key={c.label}>{formatAmount(c.totalCosts)}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Net</th>
              {columns.map((c) => (
                <td key={c.label} data-testid={`net-${c.label.toLowerCase()}`}>
                  <strong>{formatAmount(c.netProceeds)}</strong>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="report-editor__note">The net sheet needs a suggested price range (set on /review).</p>
      )}
    </details>
  );
}
