// Seller net sheet (issue 19 item 6): estimated net proceeds at the low, suggested and high price. Pure arithmetic.

/** What the agent enters; every amount in dollars except the commission, a percent of the sale price. */
export interface NetSheetInputs {
  /** Total commission, percent of the sale price (6 = 6 %). */
  commissionPercent: number;
  /** Title, escrow, transfer tax and other closing costs, dollars. */
  closingCosts: number;
  /** Seller concessions to the buyer, dollars. */
  concessions: number;
  /** Mortgage and lien payoff, dollars. */
  mortgagePayoff: number;
  /** Anything else the seller pays (repairs, HOA transfer, …), dollars. */
  otherCosts: number;
}

export const NET_SHEET_FIELDS = ['commissionPercent', 'closingCosts', 'concessions', 'mortgagePayoff', 'otherCosts'] as const satisfies readonly (keyof NetSheetInputs)[];

export const NET_SHEET_LABELS: Record<keyof NetSheetInputs, string> = {
  commissionPercent: 'Commission (%)',
  closingCosts: 'Closing costs',
  concessions: 'Concessions',
  mortgagePayoff: 'Mortgage payoff',
  otherCosts: 'Other costs',
};

export const DEFAULT_NET_SHEET: NetSheetInputs = { commissionPercent: 6, closingCosts: 0, concessions: 0, mortgagePayoff: 0, otherCosts: 0 };
export const MAX_COMMISSION_PERCENT = 20;

export interface NetSheetColumn {
  label: 'Low' | 'Suggested' | 'High';
  price: number;
  commission: number;
  closingCosts: number;
  concessions: number;
  mortgagePayoff: number;
  otherCosts: number;
  totalCosts: number;
  /** Price − total costs; negative when the costs exceed the price (the seller brings money to closing). */
  netProceeds: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** One column of the sheet: the commission is rounded to the cent, the rest are the agent's amounts. */
export function netSheetColumn(label: NetSheetColumn['label'], price: number, inputs: NetSheetInputs): NetSheetColumn {
  const commission = cents((price * inputs.commissionPercent) / 100);
  const totalCosts = cents(commission + inputs.closingCosts + inputs.concessions + inputs.mortgagePayoff + inputs.otherCosts);
  return {
    label,
    price,
    commission,
    closingCosts: inputs.closingCosts,
    concessions: inputs.concessions,
    mortgagePayoff: inputs.mortgagePayoff,
    otherCosts: inputs.otherCosts,
    totalCosts,
    netProceeds: cents(price - totalCosts),
  };
}

/** The sheet at the low, suggested and high price. */
export function computeNetSheet(prices: { low: number; suggested: number; high: number }, inputs: NetSheetInputs): NetSheetColumn[] {
  return [netSheetColumn('Low', prices.low, inputs), netSheetColumn('Suggested', prices.suggested, inputs), netSheetColumn('High', prices.high, inputs)];
}

export interface NetSheetProblem {
  field: keyof NetSheetInputs;
  message: string;
}

/**
 * A saved or typed net sheet (report_data.netSheet) as valid inputs plus the problems found: a missing field takes its
 * default, a bad one (not a number, negative, commission over 20 %) takes its default and is reported by field.
 */
export function normaliseNetSheet(raw: unknown): { inputs: NetSheetInputs; problems: NetSheetProblem[] } {
  const inputs: NetSheetInputs = { ...DEFAULT_NET_SHEET };
  const problems: NetSheetProblem[] = [];
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  for (const field of NET_SHEET_FIELDS) {
    const value = source[field];
    if (value === undefined || value === null || value === '') continue;
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[$,%\s]/g, '')) : NaN;
    if (!Number.isFinite(n)) problems.push({ field, message: `${NET_SHEET_LABELS[field]} must be a number.` });
    else if (n < 0) problems.push({ field, message: `${NET_SHEET_LABELS[field]} cannot be negative.` });
    else if (field === 'commissionPercent' && n > MAX_COMMISSION_PERCENT) problems.push({ field, message: `Commission must be at most ${MAX_COMMISSION_PERCENT} %.` });
    else inputs[field] = n;
  }
  return { inputs, problems };
}
