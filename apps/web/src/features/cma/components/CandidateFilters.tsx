import type { CandidateFilters as Filters } from '../model/cmaModel';

export const DISTANCE_OPTIONS: readonly (number | null)[] = [0.5, 1, 2, 3, 5, 10, null];
export const MONTH_OPTIONS: readonly number[] = [3, 6, 12, 18, 24, 36, 60];
export const SIZE_OPTIONS: readonly (number | null)[] = [10, 20, 30, 50, null];

/** The agent's filters on the candidate list: distance, months since close, size band, MLS status. */
export function CandidateFilters({ filters, statuses, onChange }: { filters: Filters; statuses: string[]; onChange(filters: Filters): void }) {
  return (
    <fieldset className="cma-filters">
      <legend>Filters</legend>
      <label className="cma-field">
        <span>Distance</span>
        <select value={filters.miles ?? 'any'} onChange={(e) => onChange({ ...filters, miles: e.target.value === 'any' ? null : Number(e.target.value) })}>
          {DISTANCE_OPTIONS.map((m) => (
            <option key={String(m)} value={m ?? 'any'}>{m == null ? 'Any distance' : `Within ${m} mi`}</option>
          ))}
        </select>
      </label>
      <label className="cma-field">
        <span>Closed within</span>
        <select value={filters.months} onChange={(e) => onChange({ ...filters, months: Number(e.target.value) })}>
          {MONTH_OPTIONS.map((m) => (
            <option key={m} value={m}>{m} months</option>
          ))}
        </select>
      </label>
      <label className="cma-field">
        <span>Size</span>
        <select value={filters.sizePercent ?? 'any'} onChange={(e) => onChange({ ...filters, sizePercent: e.target.value === 'any' ? null : Number(e.target.value) })}>
          {SIZE_OPTIONS.map((s) => (
            <option key={String(s)} value={s ?? 'any'}>{s == null ? 'Any size' : `±${s}% of the subject`}</option>
          ))}
        </select>
      </label>
      {statuses.length > 0 && (
        <div className="cma-field" role="group" aria-label="Status">
          <span>Status</span>
          <div className="cma-inline-checks">
            {statuses.map((status) => {
              const on = filters.statuses.length === 0 || filters.statuses.includes(status);
              return (
                <label key={status} className="cma-check">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() => {
                      const current = filters.statuses.length === 0 ? statuses : filters.statuses;
                      const next = on ? current.filter((s) => s !== status) : [...current, status];
                      onChange({ ...filters, statuses: next.length === statuses.length ? [] : next });
                    }}
                  />
                  {status}
                </label>
              );
            })}
          </div>
        </div>
      )}
    </fieldset>
  );
}
