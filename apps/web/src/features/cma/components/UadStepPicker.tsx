// Quality (Q1–Q6) and condition (C1–C6) of one property: what the listing suggests and where it was read, confirmed or
// replaced by the agent. The agent's step is stored on the record (agentQuality / agentCondition) and wins everywhere.
import { CONDITION_LABELS, CONDITION_SHORT_LABELS, QUALITY_LABELS, QUALITY_SHORT_LABELS, UAD_STEPS, type AgentUadSteps, type FactReading, type ListingReadings, type UadStep } from '@cma/valuation';

type Fact = 'quality' | 'condition';

export const UAD_FACTS: readonly { fact: Fact; key: 'agentQuality' | 'agentCondition'; label: string; labels: Record<UadStep, string>; shortLabels: Record<UadStep, string> }[] = [
  { fact: 'quality', key: 'agentQuality', label: 'Quality', labels: QUALITY_LABELS, shortLabels: QUALITY_SHORT_LABELS },
  { fact: 'condition', key: 'agentCondition', label: 'Condition', labels: CONDITION_LABELS, shortLabels: CONDITION_SHORT_LABELS },
];

const NOT_KNOWN = 'Not known — not compared';

const isStep = (value: unknown): value is UadStep => typeof value === 'number' && (UAD_STEPS as readonly number[]).includes(value);
const code = (labels: Record<UadStep, string>, step: UadStep) => labels[step].split(' ')[0];

/** One fact's state for the agent: the step shown, and whether it is still the listing's unconfirmed suggestion. */
export function uadChoice(agent: unknown, reading: FactReading<UadStep> | undefined): { step: UadStep | null; suggested: boolean } {
  if (agent === null) return { step: null, suggested: false };
  if (isStep(agent)) return { step: agent, suggested: false };
  return { step: reading?.value ?? null, suggested: reading != null };
}

export interface UadStepPickerProps {
  /** The record's stored choices (agentQuality / agentCondition). */
  record: AgentUadSteps;
  /** What the listing's columns and remarks say (listingReadings). */
  readings: ListingReadings;
  /** Whose facts, for the accessible names: "the subject", "comp 2". */
  owner: string;
  compact?: boolean;
  /** Only these facts (the grid's Quality row shows quality alone); both by default. */
  facts?: readonly Fact[];
  onChange(changes: AgentUadSteps): void;
}

export function UadStepPicker({ record, readings, owner, compact = false, facts, onChange }: UadStepPickerProps) {
  const shown = facts ? UAD_FACTS.filter(({ fact }) => facts.includes(fact)) : UAD_FACTS;
  const pending = shown.filter(({ fact, key }) => uadChoice(record[key], readings[fact]).suggested);
  return (
    <div className={`cma-uad${compact ? ' cma-uad--compact' : ''}`}>
      {shown.map(({ fact, key, label, labels, shortLabels }) => {
        const reading = readings[fact];
        const { step, suggested } = uadChoice(record[key], reading);
        const said = !reading ? null : suggested ? 'From the listing' : step === reading.value ? 'Confirmed, from the listing' : 'The listing suggested';
        return (
          <div key={fact} className={`cma-uad__fact${suggested ? ' cma-uad__fact--suggested' : ''}`}>
            <label className="cma-uad__label">
              <span>
                {label}
                {suggested && <span className="cma-badge">suggested</span>}
              </span>
              {/* A narrow column shows the steps in a few words, so the chosen one is not cut off; each option keeps its full name. */}
              <select aria-label={`${label} of ${owner}`} title={compact ? (step == null ? NOT_KNOWN : labels[step]) : undefined} value={step ?? ''} onChange={(e) => onChange({ [key]: e.target.value === '' ? null : Number(e.target.value) })}>
                <option value="" aria-label={compact ? NOT_KNOWN : undefined}>{compact ? 'Not known' : NOT_KNOWN}</option>
                {UAD_STEPS.map((s) => (
                  <option key={s} value={s} aria-label={compact ? labels[s] : undefined}>{compact ? shortLabels[s] : labels[s]}{reading?.value === s && !compact ? ' (from the listing)' : ''}</option>
                ))}
              </select>
            </label>
            <p className="cma-uad__source">
              {reading
                ? <>{said}: {reading.source} → {code(labels, reading.value)}</>
                : 'The listing does not say; pick a step if you know it.'}
            </p>
          </div>
        );
      })}
      {pending.length > 0 && (
        <button
          type="button"
          className={compact ? 'cma-link' : 'button button--secondary cma-small'}
          aria-label={`Confirm ${pending.map(({ fact, labels }) => code(labels, readings[fact]!.value)).join(' and ')} for ${owner}`}
          onClick={() => onChange(Object.fromEntries(pending.map(({ fact, key }) => [key, readings[fact]!.value])))}
        >
          Confirm {pending.map(({ fact, labels }) => code(labels, readings[fact]!.value)).join(' and ')}
        </button>
      )}
    </div>
  );
}
