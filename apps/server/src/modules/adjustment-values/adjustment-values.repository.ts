import type { Database } from '@cma/db';
import type { AdjustmentValues } from '@cma/valuation';

export interface StoredAdjustmentValues {
  values: AdjustmentValues;
  useMarketDerivedRates: boolean;
}

export function createAdjustmentValuesRepository(database: Database) {
  return {
    async find(userId: string): Promise<StoredAdjustmentValues | undefined> {
      const [row] = await database.query<{ adjustment_values: AdjustmentValues; use_market_derived_rates: boolean }>(
        'select adjustment_values, use_market_derived_rates from user_adjustment_values where user_id = $1',
        [userId],
      );
      return row ? { values: row.adjustment_values, useMarketDerivedRates: row.use_market_derived_rates } : undefined;
    },
    async save(userId: string, stored: StoredAdjustmentValues, at: Date): Promise<void> {
      await database.query(
        `insert into user_adjustment_values(user_id, adjustment_values, use_market_derived_rates, updated_at) values ($1, $2, $3, $4)
         on conflict (user_id) do update set adjustment_values = excluded.adjustment_values,
           use_market_derived_rates = excluded.use_market_derived_rates, updated_at = excluded.updated_at`,
        [userId, JSON.stringify(stored.values), stored.useMarketDerivedRates, at],
      );
    },
    async remove(userId: string): Promise<void> {
      await database.query('delete from user_adjustment_values where user_id = $1', [userId]);
    },
  };
}
export type AdjustmentValuesRepository = ReturnType<typeof createAdjustmentValuesRepository>;
