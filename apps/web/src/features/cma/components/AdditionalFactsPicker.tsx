import { ADDITIONAL_FACT_SCALES, type AdditionalFactGroup, type AdditionalFacts } from '@cma/valuation';

/** The spec's additionalHomeFacts as checkbox groups; one option per group counts (ticking another replaces it). */
export function AdditionalFactsPicker({ facts, onChange, idPrefix }: { facts: AdditionalFacts; onChange(facts: AdditionalFacts): void; idPrefix: string }) {
  return (
    <div className="cma-additional">
      {(Object.keys(ADDITIONAL_FACT_SCALES) as AdditionalFactGroup[]).map((group) => (
        <fieldset key={group} className="cma-checkgroup">
          <legend>{group}</legend>
          {(ADDITIONAL_FACT_SCALES[group] as readonly string[]).map((option) => {
            const checked = facts[group] === option;
            return (
              <label key={option} className="cma-check">
                <input
                  type="checkbox"
                  name={`${idPrefix}-${group}`}
                  checked={checked}
                  onChange={() => onChange({ ...facts, [group]: checked ? null : option })}
                />
                {option}
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
