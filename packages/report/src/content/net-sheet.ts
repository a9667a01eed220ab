// The seller net sheet: what the seller could net at the low, suggested and high price of the range.
import { NET_SHEET_LABELS, formatNumber } from '@cma/valuation';
import type { ReportDocumentInput } from '../build-input';
import { money } from '../theme';

export interface NetSheetContent {
  intro: string;
  columns: string[];
  rows: Array<{ label: string; values: string[]; strong: boolean }>;
  net: Array<{ text: string; negative: boolean }>;
  footnote: string;
}

export function netSheetContent(input: ReportDocumentInput): NetSheetContent | null {
  const sheet = input.netSheet;
  if (!sheet) return null;
  const { columns } = sheet;
  const cost = (values: number[]) => values.map((v) => `${v > 0 ? '-' : ''}${money(v)}`);
  return {
    intro: `What the seller of ${input.subject.street} could net at the low, suggested and high price of the range.`,
    columns: columns.map((c) => c.label),
    rows: [
      { label: 'Sale price', values: columns.map((c) => money(c.price)), strong: true },
      { label: `Commission (${formatNumber(sheet.inputs.commissionPercent, 2)}%)`, values: cost(columns.map((c) => c.commission)), strong: false },
      { label: NET_SHEET_LABELS.closingCosts, values: cost(columns.map((c) => c.closingCosts)), strong: false },
      { label: NET_SHEET_LABELS.concessions, values: cost(columns.map((c) => c.concessions)), strong: false },
      { label: NET_SHEET_LABELS.mortgagePayoff, values: cost(columns.map((c) => c.mortgagePayoff)), strong: false },
      { label: NET_SHEET_LABELS.otherCosts, values: cost(columns.map((c) => c.otherCosts)), strong: false },
      { label: 'Total costs', values: cost(columns.map((c) => c.totalCosts)), strong: true },
    ],
    net: columns.map((c) => ({ text: money(c.netProceeds), negative: c.netProceeds < 0 })),
    footnote:
      'An estimate for planning only, not a settlement statement: commission is a percent of the sale price; the other costs are the amounts your agent entered. Property tax prorations, utilities and final payoff figures from your lender are settled at closing.',
  };
}
