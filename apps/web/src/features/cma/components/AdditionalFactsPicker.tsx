import { ADDITIONAL_FACT_SCALES, type AdditionalFactGroup, type AdditionalFacts, type SuggestedFacts } from '@cma/valuation';

/**
 * The spec's additionalHomeFacts: one choice per group, so radio buttons, with "Not set" (not compared). Groups filled
 * from the listing are marked as suggestions, with what they were read from, until the agent changes or confirms them.
 */
export function AdditionalFactsPicker({ facts, onChange, idPrefix, suggested = [], sources = {}, onConfirm }: {
  facts: AdditionalFacts;
  onChange(facts: AdditionalFacts): void;
  idPrefix: string;
  suggested?: AdditionalFactGroup[];
  sources?: SuggestedFacts;
  onConfirm?(): void;
}) {
  return (
    <div className="cma-additional-block">
      <div className="cma-additional">
        {(Object.keys(ADDITIONAL_FACT_SCALES) as AdditionalFactGroup[]).map((group) => {
          const isSuggested = suggested.includes(group);
          return (
            <fieldset key={group} className={`cma-checkgroup${isSuggested ? ' cma-checkgroup--suggested' : ''}`}>
              <legend>
                {group}
                {isSuggested && <span className="cma-badge">suggested</span>}
              </legend>
              {isSuggested && sources[group] && <p className="cma-checkgroup__source">From the listing: {sources[group]!.source}</p>}
              {(['', ...(ADDITIONAL_FACT_SCALES[group] as readonly string[])]).map((option) => (
                <label key={option || 'not-set'} className="cma-check">
                  <input
                    type="radio"
                    name={`${idPrefix}-${group}`}
                    checked={(facts[group] ?? '') === option}
                    onChange={() => onChange({ ...facts, [group]: option || null })}
                  />
                  {option || 'Not set (not compared)'}
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
      {suggested.length > 0 && onConfirm && (
        <button type="button" className="button button--secondary cma-small" onClick={onConfirm}>Confirm the {suggested.length === 1 ? 'suggestion' : `${suggested.length} suggestions`}</button>
      )}
    </div>
  );
}
