import type { Database } from '@cma/db';
import type { AdjustmentValues, UadStepValues } from '@cma/valuation';

export interface StoredAdjustmentValues {
  values: AdjustmentValues;
  useMarketDerivedRates: boolean;
  /** Null: the recommended steps. */
  uadStepValues: UadStepValues | null;
}

export function createAdjustmentValuesRepository(database: Database) {
  return {
    async find(userId: string): Promise<StoredAdjustmentValues | undefined> {
      const [row] = await database.query<{ adjustment_values: AdjustmentValues; use_market_derived_rates: boolean; uad_step_values: UadStepValues | null }>(
        'select adjustment_values, use_market_derived_rates, uad_step_values from user_adjustment_values where user_id = $1',
        [userId],
      );
      return row ? { values: row.adjustment_values, useMarketDerivedRates: row.use_market_derived_rates, uadStepValues: row.uad_step_values } : undefined;
    },
    async save(userId: string, stored: StoredAdjustmentValues, at: Date): Promise<void> {
      await database.query(
        `insert into user_adjustment_values(user_id, adjustment_values, use_market_derived_rates, uad_step_values, updated_at) values ($1, $2, $3, $4, $5)
         on conflict (user_id) do update set adjustment_values = excluded.adjustment_values,
           use_market_derived_rates = excluded.use_market_derived_rates, uad_step_values = excluded.uad_step_values, updated_at = excluded.updated_at`,
        [userId, JSON.stringify(stored.values), stored.useMarketDerivedRates, stored.uadStepValues ? JSON.stringify(stored.uadStepValues) : null, at],
      );
    },
    async remove(userId: string): Promise<void> {
      await database.query('delete from user_adjustment_values where user_id = $1', [userId]);
    },
  };
}
export type AdjustmentValuesRepository = ReturnType<typeof createAdjustmentValuesRepository>;
