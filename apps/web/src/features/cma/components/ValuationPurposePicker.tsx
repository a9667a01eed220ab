// Why the subject is valued (issue 27): a home being listed now, or a past sale. The report words its value by it
// ("suggested list price" or "estimated value at the time of sale") and measures the market before that date.
import { purposeOf, type ValuationPurpose } from '@cma/cma';

const CHOICES: Array<{ value: ValuationPurpose; label: string; hint: string }> = [
  { value: 'listing', label: 'Being listed now', hint: 'The report suggests a list price, with the market of the 12 months before the report date.' },
  { value: 'past-sale', label: 'A past sale', hint: 'The report estimates its value at the time of that sale, with the market of the 12 months before it.' },
];

export function ValuationPurposePicker({ reportData, saleDate, onChange }: { reportData: unknown; saleDate: string | null; onChange(purpose: ValuationPurpose): void }) {
  // What the engine values by: the agent's answer, else a past sale when the subject has a sale date.
  const purpose = purposeOf(reportData, { closeDate: saleDate });
  return (
    <fieldset className="cma-purpose">
      <legend className="card__title">What is this valuation for?</legend>
      {saleDate ? <p className="cma-hint">This home&apos;s record shows a sale on {saleDate}.</p> : null}
      {CHOICES.map((choice) => (
        <label key={choice.value} className="cma-purpose__choice">
          <input type="radio" name="valuation-purpose" value={choice.value} checked={purpose === choice.value} onChange={() => onChange(choice.value)} aria-describedby={`purpose-${choice.value}-hint`} />
          <span>
            <strong>{choice.label}</strong>
            <span id={`purpose-${choice.value}-hint`} className="cma-purpose__hint">
              {choice.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
