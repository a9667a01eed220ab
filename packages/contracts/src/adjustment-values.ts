import { z } from 'zod';
import { envelope } from './envelope';

// The agent's default adjustment values (spec §3 "Adjustment value entry", §7, §9).

export const adjustmentValueEntry = z.object({
  parent_label: z.string().trim().min(1, 'The category label is required.').max(80),
  style: z.string().trim().max(80).optional(),
  amount_range_one: z.coerce.number({ message: 'Enter a number.' }).finite().min(0, 'Amounts cannot be negative.'),
  amount_range_two: z.coerce.number({ message: 'Enter a number.' }).finite().min(0, 'Amounts cannot be negative.'),
  amount_range_three: z.coerce.number({ message: 'Enter a number.' }).finite().min(0, 'Amounts cannot be negative.'),
});
export type AdjustmentValueEntryInput = z.infer<typeof adjustmentValueEntry>;

export const storedAdjustmentValueEntry = z.object({
  parent_label: z.string(),
  style: z.string(),
  amount_range_one: z.number(),
  amount_range_two: z.number(),
  amount_range_three: z.number(),
});

const stepAmount = z.coerce.number({ message: 'Enter a number.' }).finite().min(0, 'Amounts cannot be negative.');
const stepTiers = z.tuple([stepAmount, stepAmount, stepAmount], { message: 'Give three amounts, one per price range.' });

/** Quality and condition, dollars per UAD step by price tier: beside the categories, not among them (at most 17). */
export const uadStepValues = z.object({ quality: stepTiers, condition: stepTiers });
export type UadStepValuesInput = z.infer<typeof uadStepValues>;

export const userAdjustmentValues = z.object({
  /** Keyed by style slug (spec §7: a map of entries). */
  user_property_adjustment_value: z.record(z.string(), storedAdjustmentValueEntry),
  /** Quality and condition per UAD step (the recommended steps until the agent saves their own). */
  uad_step_values: z.object({ quality: z.tuple([z.number(), z.number(), z.number()]), condition: z.tuple([z.number(), z.number(), z.number()]) }),
  /** Apply market-derived rates instead of these defaults when a CMA has enough sales (on for a new account). */
  use_market_derived_rates: z.boolean(),
  /** True while the user has never saved their own values. */
  is_default: z.boolean(),
});
export type UserAdjustmentValues = z.infer<typeof userAdjustmentValues>;

/** GET /api/property-adjustment-valu-list */
export const adjustmentValuesResponse = envelope(userAdjustmentValues);

/**
 * POST /api/store-user-property-adjustment-value: a map (or list) of entries shaped like `adjustmentValueEntry`.
 * The entries themselves are checked by the valuation engine (at most 17, labels mapped, amounts ≥ 0), so the
 * server and the browser give the same messages.
 */
export const storeAdjustmentValuesRequest = z.object({
  user_property_adjustment_value: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], {
    message: 'user_property_adjustment_value must be a map or list of entries.',
  }),
  use_market_derived_rates: z.boolean().optional(),
  uad_step_values: uadStepValues.optional(),
});
export type StoreAdjustmentValuesRequest = z.infer<typeof storeAdjustmentValuesRequest>;
