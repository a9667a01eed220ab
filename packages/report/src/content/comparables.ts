// The comparables: each sale with its facts and its adjustments feature by feature, as the PDF's grid (three a page)
// and the live page's cards print them. Rows no comparable has data for are left out unless the agent keeps them.
import { NOT_AVAILABLE, formatSignedAmount, type RiskColour } from '@cma/valuation';
import type { ComparableView, ReportDocumentInput } from '../build-input';
import { RISK_COLOURS, miles, money, percent } from '../theme';
import { factOf } from './cover';

export interface RiskFigure {
  text: string;
  risk: RiskColour;
  /** 'Low', 'Moderate', 'High'. */
  riskLabel: string;
}

export interface AdjustmentCell {
  /** The comparable's value of the feature. */
  value: string;
  /** '+$ 5,000', '-$ 2,500', '$ 0', 'off' (switched off) or '–' (a fact unknown on either side: not adjusted). */
  amount: string;
  /** +1 the comparable is raised, −1 lowered, 0 nothing counted. */
  sign: 1 | -1 | 0;
}

export interface ComparableCard {
  number: number;
  street: string;
  photo: string | null;
  distance: string;
  /** 'Closed 2026-08-14'. */
  statusLine: string;
  salePrice: string;
  adjustedPrice: string;
  totalAdjustment: string;
  net: RiskFigure | null;
  gross: RiskFigure | null;
  adjusted: boolean;
  /** Why it is shown but not adjusted, or null. */
  problem: string | null;
  agentNotes: string;
  /** Grid fact rows by label (see factRows). */
  facts: Record<string, string>;
  /** Adjustment rows by style (see adjustmentRows); absent for a comparable that is not adjusted. */
  adjustments: Record<string, AdjustmentCell>;
}

export interface ComparablesContent {
  subjectStreet: string;
  subjectPhoto: string | null;
  /** The fact rows of the grid: label, and the subject's value ('-' where the subject's own figure is not compared). */
  factRows: Array<{ label: string; subject: string; strong: boolean }>;
  adjustmentRows: Array<{ style: string; label: string; subject: string }>;
  comparables: ComparableCard[];
  riskLegend: Array<{ risk: RiskColour; label: string }>;
}

const GRID_FACTS = ['Status', 'Close Date', 'Net Sales Price', 'Price per Sq Ft', 'Days on Market', 'Levels'];
/** The subject's own sale, price, price per foot and days on market are not compared: a dash in its column. */
const NOT_COMPARED = new Set(['Close Date', 'Net Sales Price', 'Price per Sq Ft', 'Days on Market']);

const riskFigure = (value: number | null, risk: RiskColour | null): RiskFigure | null =>
  value == null || !risk ? null : { text: percent(value), risk, riskLabel: RISK_COLOURS[risk].label };

function adjustmentCells(comp: ComparableView): Record<string, AdjustmentCell> {
  const cells: Record<string, AdjustmentCell> = {};
  for (const line of comp.adjustments) {
    const counted = line.status === 'applied' || line.status === 'overridden';
    const amount = counted ? line.amount : 0;
    cells[line.style] = {
      value: line.comparableValue,
      amount: line.status === 'unknown' ? '–' : line.status === 'disabled' ? 'off' : formatSignedAmount(amount),
      sign: amount > 0 ? 1 : amount < 0 ? -1 : 0,
    };
  }
  return cells;
}

function cardOf(comp: ComparableView): ComparableCard {
  const facts: Record<string, string> = { Distance: miles(comp.distanceMiles) };
  for (const label of GRID_FACTS) facts[label] = factOf(comp, label);
  return {
    number: comp.number,
    street: comp.street,
    photo: comp.photos[0] ?? null,
    distance: miles(comp.distanceMiles),
    statusLine: `${comp.status}${comp.closeDate !== NOT_AVAILABLE ? ` ${comp.closeDate}` : ''}`,
    salePrice: money(comp.netSalesPrice),
    adjustedPrice: money(comp.adjustedPrice),
    totalAdjustment: comp.totalAdjustment == null ? NOT_AVAILABLE : formatSignedAmount(comp.totalAdjustment),
    net: riskFigure(comp.netPercent, comp.netRisk),
    gross: riskFigure(comp.grossPercent, comp.grossRisk),
    adjusted: comp.adjusted,
    problem: comp.problem,
    agentNotes: comp.agentNotes,
    facts,
    adjustments: comp.adjusted ? adjustmentCells(comp) : {},
  };
}

export function comparablesContent(input: ReportDocumentInput): ComparablesContent {
  const cards = input.comparables.map(cardOf);
  // Rows no comparable in the report has data for are filler; the agent can keep them (report_data.keepEmptyRows).
  const blankForAll = (value: (c: ComparableCard) => string) => !input.keepEmptyRows && cards.every((c) => value(c) === NOT_AVAILABLE);
  const factRows = ['Distance', ...GRID_FACTS]
    .filter((label) => !blankForAll((c) => c.facts[label] ?? NOT_AVAILABLE))
    .map((label) => ({ label, subject: label === 'Distance' || NOT_COMPARED.has(label) ? '-' : factOf(input.subject, label), strong: label === 'Net Sales Price' }));
  const lines = input.comparables.find((c) => c.adjusted)?.adjustments ?? [];
  const adjustmentRows = lines
    .filter((line) => !blankForAll((c) => c.adjustments[line.style]?.value ?? NOT_AVAILABLE))
    .map((line) => ({ style: line.style, label: line.label, subject: line.subjectValue }));
  return {
    subjectStreet: input.subject.street,
    subjectPhoto: input.subject.photos[0] ?? null,
    factRows,
    adjustmentRows,
    comparables: cards,
    riskLegend: (['green', 'amber', 'red'] as const).map((risk) => ({ risk, label: `${RISK_COLOURS[risk].label} (${risk === 'green' ? '0-10%' : risk === 'amber' ? 'over 10-20%' : 'over 20%'})` })),
  };
}
