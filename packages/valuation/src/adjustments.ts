// Per-category adjustments of one comparable against the subject (DESIGN.md §5), each line explained.
import {
  CATEGORY_BY_STYLE,
  DEFAULT_ADJUSTMENT_VALUES,
  TIER_LABELS,
  amountForTier,
  findCategory,
  ordinalStep,
  tierOf,
  type AdjustmentValues,
  type CategoryDefinition,
  type Tier,
  type TierLabel,
  type UadStepValues,
} from './defaults';
import { NOT_AVAILABLE, formatAmount, formatNumber, formatPercent, formatRate, formatSignedAmount } from './format';
import { ORDERED_FACTS, type OrderedFact } from './listing-facts';
import { ADDITIONAL_FACT_SCALES, type AdditionalFactGroup, type SaleFacts } from './types';

export type RiskColour = 'green' | 'amber' | 'red';

/** Spec §5: 0 to 10 green, above 10 up to 20 amber, above 20 red (percent units). */
export function riskColour(percent: number): RiskColour {
  const p = Math.abs(percent);
  if (p <= 10) return 'green';
  if (p <= 20) return 'amber';
  return 'red';
}

/** Rates per tier that replace the table's amounts for this report (e.g. accepted market-derived rates). */
export type TierRates = readonly [number | null, number | null, number | null];

export interface TimeAdjustmentSetting {
  /** Fractional change of prices per month, e.g. 0.006 = +0.6 % a month. */
  monthlyRate: number;
  /** The date comparables are brought to (the valuation date), yyyy-mm-dd. */
  asOfDate: string;
  /**
   * Optional monthly price index ('yyyy-mm' → level as a share of the price, e.g. from paired sales): when given, a
   * comparable moves by (level of the valuation month − level of its close month) × its price instead of the
   * straight-line monthlyRate. Months outside the index take its nearest end.
   */
  index?: Readonly<Record<string, number>>;
}

export interface AdjustmentSettings {
  /** The agent's adjustment values; the spec's defaults when omitted. */
  values?: AdjustmentValues;
  /** Styles switched off for every comparable. */
  disabledCategories?: readonly string[];
  /** Per-unit rates replacing the table for this report, by style (for above-grade area: dollars per sq ft, not a divisor). */
  rateOverrides?: Readonly<Record<string, TierRates>>;
  /** Market-derived dollar effects of text facts (View, Waterfront …), per tier; each becomes an extra line. */
  featureEffects?: Readonly<FeatureEffectsTable>;
  /** false skips the display values and explanations of the category lines (bulk back-tests); default true. */
  explain?: boolean;
  /** Market-conditions adjustment; off when absent or null. */
  timeAdjustment?: TimeAdjustmentSetting | null;
  /**
   * Quality and condition dollars per step by tier where the market measured no rate (the agent's defaults). Absent
   * (a report saved before they existed): those lines appear only with a market rate, as such reports were valued.
   */
  stepValues?: UadStepValues | null;
}

/** Text fact → per tier (null when not measured) the dollar effect of each value, relative to a reference valued 0. */
export type FeatureEffectsTable = Record<string, {
  byTier: [Record<string, number> | null, Record<string, number> | null, Record<string, number> | null];
  /** The effects are shares of the comparable's price rather than dollars. */
  relative?: boolean;
}>;

export const FEATURE_STYLE_PREFIX = 'feature:';

export interface CellOverride {
  /** Rate per unit for this cell instead of the tier's rate. */
  rate?: number;
  /** Dollar amount for this cell, used as is. */
  amount?: number;
}

export interface ComparableSettings {
  /** The property record's add_adjustment: false means the comparable is used unadjusted. */
  add_adjustment?: boolean;
  /** Per-cell overrides keyed by style. */
  overrides?: Readonly<Record<string, CellOverride>>;
}

export type LineStatus = 'applied' | 'no-difference' | 'unknown' | 'disabled' | 'overridden';
export type RateSource = 'table' | 'divisor' | 'market' | 'override' | 'amount';

export interface AdjustmentLine {
  style: string;
  label: string;
  /** Display values ('1,850 sq ft', 'Good', 'Not Available'). */
  subjectValue: string;
  comparableValue: string;
  /** Subject minus comparable, in units (steps for ordinal facts); null when unknown. */
  difference: number | null;
  /** Dollars per unit actually used; null when no rate applies. */
  rate: number | null;
  rateSource: RateSource | null;
  amount: number;
  status: LineStatus;
  explanation: string;
}

export interface ComparableAdjustment {
  comparableId: string;
  netSalesPrice: number;
  tier: Tier;
  tierLabel: TierLabel;
  lines: AdjustmentLine[];
  /** Σ of the amounts of all lines (0 when add_adjustment is false). */
  totalAdjustment: number;
  adjustedPrice: number;
  netPercent: number;
  grossPercent: number;
  netRisk: RiskColour;
  grossRisk: RiskColour;
  /** Facts unknown on one side, so not adjusted (shown to the agent). */
  unknownCategories: string[];
  explanation: string;
}

export const TIME_ADJUSTMENT_STYLE = 'market-conditions';
export const TIME_ADJUSTMENT_LABEL = 'Market conditions (time)';

/** Months between two yyyy-mm-dd dates (fractional, 30.4375-day months). */
export function monthsBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / (30.4375 * 86_400_000);
}

/** Adjusts one comparable to the subject. Pure; every line carries its explanation. */
export function adjustComparable(
  subject: SaleFacts,
  comparable: SaleFacts,
  settings: AdjustmentSettings = {},
  comparableSettings: ComparableSettings = {},
): ComparableAdjustment {
  const price = comparable.netSalesPrice;
  if (price == null || !(price > 0)) throw new Error(`Comparable ${comparable.id} has no net sales price, so it cannot be adjusted.`);
  const tier = tierOf(price);
  const values = settings.values ?? DEFAULT_ADJUSTMENT_VALUES;
  const disabled = new Set(settings.disabledCategories ?? []);
  const useAdjustments = comparableSettings.add_adjustment !== false;
  const lines: AdjustmentLine[] = [];

  for (const entry of Object.values(values)) {
    const definition = CATEGORY_BY_STYLE.get(entry.style) ?? findCategory(entry.parent_label);
    const override = comparableSettings.overrides?.[entry.style];
    const line = definition
      ? categoryLine(subject, comparable, price, tier, definition, amountForTier(entry, tier), marketRateFor(settings, entry.style, tier), override, settings.explain !== false)
      : customLine(entry.parent_label, entry.style, override);
    if (!useAdjustments || disabled.has(entry.style)) {
      lines.push({ ...line, amount: 0, status: 'disabled', explanation: `${line.label}: not adjusted (${useAdjustments ? 'category switched off' : 'adjustments switched off for this comparable'}).` });
    } else lines.push(line);
  }

  for (const [feature, table] of Object.entries(settings.featureEffects ?? {})) {
    const style = `${FEATURE_STYLE_PREFIX}${feature}`;
    const byTier = table.byTier[tier];
    const effects = byTier && table.relative ? Object.fromEntries(Object.entries(byTier).map(([level, share]) => [level, share * price])) : byTier;
    const line = featureLine(subject, comparable, feature, style, tier, effects, comparableSettings.overrides?.[style], settings.explain !== false);
    if (line == null) continue;
    lines.push(!useAdjustments || disabled.has(style) ? { ...line, amount: 0, status: 'disabled', explanation: `${line.label}: not adjusted (${useAdjustments ? 'category switched off' : 'adjustments switched off for this comparable'}).` } : line);
  }

  // Quality and condition (UAD steps): the market's rate per step for this tier, else the agent's step values.
  for (const fact of ORDERED_FACTS) {
    const market = marketRateFor(settings, fact.style, tier);
    const table = settings.stepValues?.[fact.style]?.[tier] ?? null;
    if (market == null && table == null && comparableSettings.overrides?.[fact.style] == null) continue;
    const rate = market != null ? { rate: market, source: 'market' as const } : table != null ? { rate: table, source: 'table' as const } : null;
    const line = orderedFactLine(subject, comparable, fact, tier, rate, comparableSettings.overrides?.[fact.style], settings.explain !== false);
    lines.push(!useAdjustments || disabled.has(fact.style) ? { ...line, amount: 0, status: 'disabled', explanation: `${line.label}: not adjusted (${useAdjustments ? 'category switched off' : 'adjustments switched off for this comparable'}).` } : line);
  }

  if (settings.timeAdjustment) {
    const line = timeLine(comparable, price, settings.timeAdjustment, comparableSettings.overrides?.[TIME_ADJUSTMENT_STYLE], settings.explain !== false);
    lines.push(useAdjustments ? line : { ...line, amount: 0, status: 'disabled', explanation: `${line.label}: not adjusted (adjustments switched off for this comparable).` });
  }

  let total = 0;
  let gross = 0;
  for (const line of lines) {
    total += line.amount;
    gross += Math.abs(line.amount);
  }
  const netPercent = (Math.abs(total) / price) * 100;
  const grossPercent = (gross / price) * 100;
  const adjustedPrice = price + total;
  const unknownCategories = lines.filter((l) => l.status === 'unknown').map((l) => l.label);
  const explanation = settings.explain === false ? '' :
    `Net sales price ${formatAmount(price)} (tier '${TIER_LABELS[tier]}') ${total >= 0 ? '+' : '-'} adjustments ${formatAmount(Math.abs(total))} = adjusted price ${formatAmount(adjustedPrice)}; ` +
    `net ${formatPercent(netPercent)}, gross ${formatPercent(grossPercent)} of the price.` +
    (unknownCategories.length ? ` Not adjusted, fact unknown: ${unknownCategories.join(', ')}.` : '');
  return {
    comparableId: comparable.id,
    netSalesPrice: price,
    tier,
    tierLabel: TIER_LABELS[tier],
    lines,
    totalAdjustment: total,
    adjustedPrice,
    netPercent,
    grossPercent,
    netRisk: riskColour(netPercent),
    grossRisk: riskColour(grossPercent),
    unknownCategories,
    explanation,
  };
}

/** Dollars per unit from the market (the tier's rate) for this category; null when none. */
function marketRateFor(settings: AdjustmentSettings, style: string, tier: Tier): number | null {
  return settings.rateOverrides?.[style]?.[tier] ?? null;
}

function categoryLine(
  subject: SaleFacts,
  comparable: SaleFacts,
  price: number,
  tier: Tier,
  definition: CategoryDefinition,
  tableAmount: number,
  market: number | null,
  override: CellOverride | undefined,
  withText: boolean,
): AdjustmentLine {
  const { label, style, rule } = definition;
  let subjectValue: number | null;
  let comparableValue: number | null;
  let display: (v: number | null) => string;
  if (rule.kind === 'ordinal') {
    subjectValue = ordinalStep(rule.group, subject.additionalFacts?.[rule.group] ?? null);
    comparableValue = ordinalStep(rule.group, comparable.additionalFacts?.[rule.group] ?? null);
    display = (v) => (v == null ? NOT_AVAILABLE : (rulesScale(rule.group)[v] ?? NOT_AVAILABLE));
  } else {
    subjectValue = finite(rule.read(subject));
    comparableValue = finite(rule.read(comparable));
    display = (v) => (v == null ? NOT_AVAILABLE : rule.unit === 'sq ft' ? `${formatNumber(v, 0)} sq ft` : style === 'year-built' ? String(v) : formatNumber(v));
  }
  // A back-test adjusts hundreds of thousands of lines and prints none, so it may skip the texts.
  const line = (fields: LineNumbers, explain: (subjectText: string, comparableText: string) => string): AdjustmentLine => {
    if (!withText) return { style, label, ...fields, subjectValue: '', comparableValue: '', explanation: '' };
    const s = display(subjectValue);
    const c = display(comparableValue);
    return { style, label, ...fields, subjectValue: s, comparableValue: c, explanation: explain(s, c) };
  };

  if (override?.amount != null && Number.isFinite(override.amount)) {
    const amount = override.amount;
    const difference = subjectValue != null && comparableValue != null ? subjectValue - comparableValue : null;
    return line({ difference, rate: null, rateSource: 'amount', amount, status: 'overridden' }, () => `${label}: ${formatSignedAmount(amount)} entered by the agent.`);
  }
  if (subjectValue == null || comparableValue == null) {
    const side = subjectValue == null && comparableValue == null ? 'subject and comparable' : subjectValue == null ? 'subject' : 'comparable';
    return line({ difference: null, rate: null, rateSource: null, amount: 0, status: 'unknown' }, () => `${label}: not adjusted, unknown for the ${side}.`);
  }
  const difference = subjectValue - comparableValue;
  const compared = comparableValue;

  let rate: number;
  let rateSource: RateSource;
  let rateText: () => string;
  if (override?.rate != null && Number.isFinite(override.rate)) {
    rate = override.rate;
    rateSource = 'override';
    rateText = () => `${formatRate(rate)} ${definition.rateUnit} (entered by the agent)`;
  } else if (market != null) {
    rate = market;
    rateSource = 'market';
    rateText = () => `${formatRate(round2(rate))} ${definition.rateUnit} (market-derived, tier '${TIER_LABELS[tier]}')`;
  } else if (rule.kind === 'divisor') {
    if (!(compared > 0)) {
      return line({ difference, rate: null, rateSource: null, amount: 0, status: 'unknown' }, () => `${label}: not adjusted, the comparable's above-grade area is 0.`);
    }
    const divisor = tableAmount > 0 ? tableAmount : 3;
    rate = price / compared / divisor;
    rateSource = 'divisor';
    rateText = () => `${formatRate(round2(rate))} per sq ft (comparable's ${formatAmount(price)} ÷ ${formatNumber(compared, 0)} sq ft ÷ divisor ${formatNumber(divisor)})`;
  } else {
    rate = tableAmount;
    rateSource = 'table';
    rateText = () => `${formatRate(rate)} ${definition.rateUnit} (tier '${TIER_LABELS[tier]}')`;
  }
  if (difference === 0) {
    return line({ difference, rate, rateSource, amount: 0, status: 'no-difference' }, (s) => `${label}: same as the subject (${s}), no adjustment.`);
  }
  const amount = difference * rate;
  return line({ difference, rate, rateSource, amount, status: 'applied' }, (s, c) => {
    const unitWord = rule.kind === 'ordinal' ? `${Math.abs(difference)} step${Math.abs(difference) === 1 ? '' : 's'}` : formatNumber(Math.abs(difference));
    return `${label}: subject ${s} vs comparable ${c}, ${difference > 0 ? '+' : '-'}${unitWord} × ${rateText()} = ${formatSignedAmount(amount)}.`;
  });
}

type LineNumbers = Pick<AdjustmentLine, 'difference' | 'rate' | 'rateSource' | 'amount' | 'status'>;

function customLine(label: string, style: string, override: CellOverride | undefined): AdjustmentLine {
  const base = { style, label, subjectValue: NOT_AVAILABLE, comparableValue: NOT_AVAILABLE, difference: null, rate: null };
  if (override?.amount != null && Number.isFinite(override.amount)) {
    return { ...base, rateSource: 'amount', amount: override.amount, status: 'overridden', explanation: `${label}: ${formatSignedAmount(override.amount)} entered by the agent.` };
  }
  return { ...base, rateSource: null, amount: 0, status: 'unknown', explanation: `${label}: no facts to compare; enter an amount to adjust.` };
}

function featureLine(subject: SaleFacts, comparable: SaleFacts, feature: string, style: string, tier: Tier, effects: Record<string, number> | null, override: CellOverride | undefined, withText: boolean): AdjustmentLine | null {
  if (!effects) return null;
  const s = cleanText(subject.features?.[feature]);
  const c = cleanText(comparable.features?.[feature]);
  const base = { style, label: feature, subjectValue: s ?? NOT_AVAILABLE, comparableValue: c ?? NOT_AVAILABLE, difference: null };
  if (override?.amount != null && Number.isFinite(override.amount)) {
    return { ...base, rate: null, rateSource: 'amount', amount: override.amount, status: 'overridden', explanation: withText ? `${feature}: ${formatSignedAmount(override.amount)} entered by the agent.` : '' };
  }
  const se = s != null ? effects[s] : undefined;
  const ce = c != null ? effects[c] : undefined;
  if (se == null || ce == null) {
    const which = se == null && ce == null ? 'subject and comparable' : se == null ? 'subject' : 'comparable';
    return { ...base, rate: null, rateSource: null, amount: 0, status: 'unknown', explanation: withText ? `${feature}: not adjusted, no market-derived value for the ${which}'s '${(se == null ? s : c) ?? NOT_AVAILABLE}'.` : '' };
  }
  const amount = se - ce;
  if (s === c || amount === 0) return { ...base, rate: null, rateSource: 'market', amount: 0, status: 'no-difference', explanation: withText ? `${feature}: same as the subject (${s}), no adjustment.` : '' };
  return {
    ...base,
    rate: null,
    rateSource: 'market',
    amount,
    status: 'applied',
    explanation: withText ? `${feature}: subject '${s}' (${formatSignedAmount(se)}) vs comparable '${c}' (${formatSignedAmount(ce)}), market-derived for tier '${TIER_LABELS[tier]}' = ${formatSignedAmount(amount)}.` : '',
  };
}

function orderedFactLine(subject: SaleFacts, comparable: SaleFacts, fact: OrderedFact, tier: Tier, rate: { rate: number; source: 'market' | 'table' } | null, override: CellOverride | undefined, withText: boolean): AdjustmentLine {
  const s = fact.score(subject);
  const c = fact.score(comparable);
  const base = { style: fact.style, label: fact.label, subjectValue: withText ? fact.display(subject) : '', comparableValue: withText ? fact.display(comparable) : '' };
  const difference = s != null && c != null ? s - c : null;
  if (override?.amount != null && Number.isFinite(override.amount)) {
    return { ...base, difference, rate: null, rateSource: 'amount', amount: override.amount, status: 'overridden', explanation: withText ? `${fact.label}: ${formatSignedAmount(override.amount)} entered by the agent.` : '' };
  }
  const agentRate = override?.rate != null && Number.isFinite(override.rate) ? override.rate : null;
  const used = agentRate ?? rate?.rate ?? null;
  const rateSource: RateSource | null = agentRate != null ? 'override' : rate?.source ?? null;
  if (difference == null || used == null) {
    const which = s == null && c == null ? 'subject and comparable' : s == null ? 'subject' : 'comparable';
    return { ...base, difference, rate: used, rateSource: null, amount: 0, status: 'unknown', explanation: withText ? `${fact.label}: not adjusted, unknown for the ${which}.` : '' };
  }
  if (difference === 0) return { ...base, difference, rate: used, rateSource, amount: 0, status: 'no-difference', explanation: withText ? `${fact.label}: same as the subject (${base.subjectValue}), no adjustment.` : '' };
  const amount = difference * used;
  const steps = Math.abs(difference);
  const whose = rateSource === 'override' ? 'entered by the agent' : rateSource === 'market' ? `market-derived, tier '${TIER_LABELS[tier]}'` : `your default, tier '${TIER_LABELS[tier]}'`;
  return {
    ...base,
    difference,
    rate: used,
    rateSource,
    amount,
    status: 'applied',
    explanation: withText
      ? `${fact.label}: subject ${base.subjectValue} vs comparable ${base.comparableValue}, ${difference > 0 ? 'better' : 'worse'} by ${formatNumber(steps, Number.isInteger(steps) ? 0 : 2)} step${steps === 1 ? '' : 's'} × ${formatRate(round2(used))} per step (${whose}) = ${formatSignedAmount(amount)}.`
      : '',
  };
}

function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim().replace(/\s+/g, ' ');
  return trimmed ? trimmed : null;
}

function timeLine(comparable: SaleFacts, price: number, setting: TimeAdjustmentSetting, override: CellOverride | undefined, withText: boolean): AdjustmentLine {
  const base = { style: TIME_ADJUSTMENT_STYLE, label: TIME_ADJUSTMENT_LABEL, subjectValue: setting.asOfDate, comparableValue: comparable.closeDate ?? NOT_AVAILABLE };
  if (override?.amount != null && Number.isFinite(override.amount)) {
    return { ...base, difference: null, rate: null, rateSource: 'amount', amount: override.amount, status: 'overridden', explanation: withText ? `${TIME_ADJUSTMENT_LABEL}: ${formatSignedAmount(override.amount)} entered by the agent.` : '' };
  }
  if (!comparable.closeDate) {
    return { ...base, difference: null, rate: null, rateSource: null, amount: 0, status: 'unknown', explanation: withText ? `${TIME_ADJUSTMENT_LABEL}: not adjusted, the comparable's close date is unknown.` : '' };
  }
  const months = Math.max(0, monthsBetween(comparable.closeDate, setting.asOfDate));
  if (setting.index && Object.keys(setting.index).length > 0 && override?.rate == null) {
    const compMonth = comparable.closeDate.slice(0, 7);
    const asOfMonth = setting.asOfDate.slice(0, 7);
    const compLevel = indexLevel(setting.index, compMonth);
    const asOfLevel = indexLevel(setting.index, asOfMonth);
    const amount = compMonth < asOfMonth ? price * (asOfLevel - compLevel) : 0;
    return {
      ...base,
      difference: months,
      rate: months > 0 ? amount / price / months : 0,
      rateSource: 'market',
      amount,
      status: amount === 0 ? 'no-difference' : 'applied',
      explanation: withText ? `${TIME_ADJUSTMENT_LABEL}: market index ${formatPercent(compLevel * 100, 2)} in ${compMonth} to ${formatPercent(asOfLevel * 100, 2)} in ${asOfMonth} (paired-sales index by month${asOfMonth > lastIndexMonth(setting.index) ? `, ${lastIndexMonth(setting.index)} carried forward` : ''}) × ${formatAmount(price)} = ${formatSignedAmount(amount)}.` : '',
    };
  }
  const monthlyRate = override?.rate != null && Number.isFinite(override.rate) ? override.rate : setting.monthlyRate;
  const amount = price * monthlyRate * months;
  return {
    ...base,
    difference: months,
    rate: monthlyRate,
    rateSource: override?.rate != null ? 'override' : 'market',
    amount,
    status: amount === 0 ? 'no-difference' : 'applied',
    explanation: withText ? `${TIME_ADJUSTMENT_LABEL}: ${formatNumber(months, 1)} months from ${comparable.closeDate} to ${setting.asOfDate} × ${formatPercent(monthlyRate * 100, 2)} a month × ${formatAmount(price)} = ${formatSignedAmount(amount)}.` : '',
  };
}

/** Index level of a month; months before the first or after the last take that end's level. */
export function indexLevel(index: Readonly<Record<string, number>>, month: string): number {
  if (index[month] != null) return index[month];
  const months = Object.keys(index).sort();
  if (months.length === 0) return 0;
  let level = index[months[0]];
  for (const m of months) if (m <= month) level = index[m];
  return level;
}

function lastIndexMonth(index: Readonly<Record<string, number>>): string {
  return Object.keys(index).sort().at(-1) ?? '';
}

function rulesScale(group: AdditionalFactGroup): readonly string[] {
  return (ADDITIONAL_FACT_SCALES as Record<string, readonly string[]>)[group];
}

function finite(value: number | null | undefined): number | null {
  return value != null && Number.isFinite(value) ? value : null;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
