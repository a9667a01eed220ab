import { useId } from 'react';
import { LEVELS_OPTIONS, NOT_AVAILABLE } from '@cma/valuation';
import { EDITABLE_FACTS, editFact, factInputValue, type CmaRecord } from '../model/records';

/** Every fact of one property, editable; Levels offers the spec's options. */
export function PropertyFactsForm({ record, onChange }: { record: CmaRecord; onChange(record: CmaRecord): void }) {
  const id = useId();
  return (
    <div className="cma-facts-grid">
      {EDITABLE_FACTS.map((fact) => {
        const inputId = `${id}-${fact.key.replace(/[^a-z0-9]/gi, '')}`;
        const value = factInputValue(record[fact.key]);
        return (
          <div className="cma-field" key={fact.key}>
            <label htmlFor={inputId}>{fact.label}</label>
            {fact.kind === 'levels' ? (
              <select id={inputId} value={value} onChange={(e) => onChange(editFact(record, fact.key, e.target.value, fact.kind))}>
                <option value="">Not Available</option>
                {LEVELS_OPTIONS.map((option) => (
                  <option key={option} value={option}>{option}</option>
                ))}
                {value && !(LEVELS_OPTIONS as readonly string[]).includes(value) && <option value={value}>{value}</option>}
              </select>
            ) : (
              <input
                id={inputId}
                type={fact.kind === 'number' ? 'number' : 'text'}
                step="any"
                inputMode={fact.kind === 'number' ? 'decimal' : undefined}
                value={value}
                placeholder={NOT_AVAILABLE}
                onChange={(e) => onChange(editFact(record, fact.key, e.target.value, fact.kind))}
              />
            )}
          </div>
        );
      })}
      <div className="cma-field cma-field--wide">
        <label htmlFor={`${id}-remarks`}>Public remarks</label>
        <textarea id={`${id}-remarks`} rows={3} value={factInputValue(record['Public-Remarks'])} onChange={(e) => onChange({ ...record, 'Public-Remarks': e.target.value || NOT_AVAILABLE })} />
      </div>
    </div>
  );
}
