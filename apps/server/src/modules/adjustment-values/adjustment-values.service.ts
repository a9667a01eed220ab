import { UAD_STEP_DEFAULTS, defaultAdjustmentValues, uadStepValuesOf, validateAdjustmentValues, type UadStepValues } from '@cma/valuation';
import type { UadStepValuesInput, UserAdjustmentValues } from '@cma/contracts';
import { ValidationError } from '../../http/errors';
import type { AdjustmentValuesRepository } from './adjustment-values.repository';

export function createAdjustmentValuesService(repository: AdjustmentValuesRepository, now: () => Date) {
  const steps = (values: UadStepValues | null): UserAdjustmentValues['uad_step_values'] => {
    const readable = uadStepValuesOf(values) ?? UAD_STEP_DEFAULTS;
    return { quality: [...readable.quality], condition: [...readable.condition] };
  };
  async function get(userId: string): Promise<UserAdjustmentValues> {
    const stored = await repository.find(userId);
    // A new account gets the market's rates where the loaded sales measure them (issue 27: the accurate value by default).
    if (!stored) return { user_property_adjustment_value: defaultAdjustmentValues(), uad_step_values: steps(null), use_market_derived_rates: true, is_default: true };
    return { user_property_adjustment_value: stored.values, uad_step_values: steps(stored.uadStepValues), use_market_derived_rates: stored.useMarketDerivedRates, is_default: false };
  }
  return {
    /** New users get the spec §9 table until they save their own. */
    get,
    /** Validates with the engine (≤ 17 categories, label typos mapped, amounts ≥ 0) and stores. */
    async store(userId: string, input: unknown, useMarketDerivedRates?: boolean, uadStepValues?: UadStepValuesInput): Promise<UserAdjustmentValues> {
      const result = validateAdjustmentValues(input);
      if (!result.ok) {
        const fields = Object.fromEntries(Object.entries(result.issues).map(([k, v]) => [`user_property_adjustment_value.${k}`, v]));
        throw new ValidationError(fields, result.message);
      }
      const current = await repository.find(userId);
      await repository.save(
        userId,
        { values: result.values, useMarketDerivedRates: useMarketDerivedRates ?? current?.useMarketDerivedRates ?? true, uadStepValues: uadStepValues ?? current?.uadStepValues ?? null },
        now(),
      );
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
