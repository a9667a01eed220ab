import { defaultAdjustmentValues, validateAdjustmentValues } from '@cma/valuation';
import type { UserAdjustmentValues } from '@cma/contracts';
import { ValidationError } from '../../http/errors';
import type { AdjustmentValuesRepository } from './adjustment-values.repository';

export function createAdjustmentValuesService(repository: AdjustmentValuesRepository, now: () => Date) {
  async function get(userId: string): Promise<UserAdjustmentValues> {
    const stored = await repository.find(userId);
    if (!stored) return { user_property_adjustment_value: defaultAdjustmentValues(), use_market_derived_rates: false, is_default: true };
    return { user_property_adjustment_value: stored.values, use_market_derived_rates: stored.useMarketDerivedRates, is_default: false };
  }
  return {
    /** New users get the spec §9 table until they save their own. */
    get,
    /** Validates with the engine (≤ 17 categories, label typos mapped, amounts ≥ 0) and stores. */
    async store(userId: string, input: unknown, useMarketDerivedRates?: boolean): Promise<UserAdjustmentValues> {
      const result = validateAdjustmentValues(input);
      if (!result.ok) {
        const fields = Object.fromEntries(Object.entries(result.issues).map(([k, v]) => [`user_property_adjustment_value.${k}`, v]));
        throw new ValidationError(fields, result.message);
      }
      const current = await repository.find(userId);
      await repository.save(userId, { values: result.values, useMarketDerivedRates: useMarketDerivedRates ?? current?.useMarketDerivedRates ?? false }, now());
      return get(userId);
    },
    /** Back to the spec's table (the market-derived preference is reset too). */
    async reset(userId: string): Promise<UserAdjustmentValues> {
      await repository.remove(userId);
      return get(userId);
    },
  };
}
export type AdjustmentValuesService = ReturnType<typeof createAdjustmentValuesService>;
