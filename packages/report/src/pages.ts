// The report's page registry: every page an agent can put in a report (id, label, default order, on by default), and the
// agent's choice of pages (saved per report and as the account default). Pure data: the web picker, the server, the CLI,
// the PDF document and the live page all read this one list. Its own entry point so the web can load it without React-PDF.

export interface ReportPageDefinition {
  /** Stable id: saved in report states and account settings, typed on `cma report --pages`. Never rename one. */
  readonly id: string;
  /** What the page picker shows. */
  readonly label: string;
  /** One line for the picker and `cma report --help`. */
  readonly description: string;
  /** On in a new report (and in a report saved before page choice existed). */
  readonly defaultOn: boolean;
  /** Cannot be switched off (it carries the legal text every report prints); it can still move. */
  readonly required?: boolean;
}

/**
 * Every built-in page in the default order. The pages that are on by default are today's pages in today's order, so a
 * report saved before page choice existed prints as it did. Add new pages off by default.
 */
export const REPORT_PAGES = [
  { id: 'cover', label: 'Cover', description: 'Report name, subject photo, suggested range, agent with headshot and licence', defaultOn: true },
  { id: 'cover-letter', label: 'Cover letter', description: 'A letter to the client from a template with {client}, {address} and {agent}', defaultOn: false },
  { id: 'subject', label: 'Subject property', description: 'The home, its facts and features, suggested range', defaultOn: true },
  { id: 'comparables', label: 'Comparable sales grid', description: 'Comparables side by side with every adjustment', defaultOn: true },
  { id: 'reconciliation', label: 'Reconciliation', description: 'Weights, adjusted prices chart, how the value was reached', defaultOn: true },
  { id: 'net-sheet', label: 'Seller net sheet', description: 'Estimated net proceeds at the low, suggested and high price', defaultOn: false },
  { id: 'map', label: 'Location and charts', description: 'Map of the subject and comparables, price per sq ft chart', defaultOn: true },
  { id: 'market-statistics', label: 'Market statistics', description: "Sales, prices, days on market and supply in the subject's area", defaultOn: false },
  { id: 'photos', label: 'Photos', description: 'Subject and comparable photos (left out when there are none)', defaultOn: true },
  { id: 'bio', label: 'About your agent', description: 'Headshot, bio, tagline, licence and contact details', defaultOn: false },
  { id: 'notes', label: 'Notes and disclosures', description: 'Your notes, public remarks and the legal disclosures', defaultOn: true, required: true },
] as const satisfies readonly ReportPageDefinition[];

export type BuiltInPageId = (typeof REPORT_PAGES)[number]['id'];

/** Uploaded PDF pages are placed in the page list as `custom:<upload id>`. */
export const CUSTOM_PAGE_PREFIX = 'custom:';
/** A report can carry this many uploaded PDF pages in all. */
export const MAX_CUSTOM_PDF_PAGES = 5;

/** Any page id in a choice: a built-in id or `custom:<upload id>`. */
export type ReportPageId = BuiltInPageId | `custom:${string}`;

/** One line of the page picker: which page, and whether it prints. The list's order is the print order. */
export interface PageChoiceEntry {
  id: ReportPageId;
  on: boolean;
}
export type PageChoice = PageChoiceEntry[];

const BUILT_IN_IDS: ReadonlySet<string> = new Set(REPORT_PAGES.map((p) => p.id));

export function isBuiltInPageId(id: string): id is BuiltInPageId {
  return BUILT_IN_IDS.has(id);
}

export function isCustomPageId(id: string): id is `custom:${string}` {
  return id.startsWith(CUSTOM_PAGE_PREFIX) && id.length > CUSTOM_PAGE_PREFIX.length;
}

export function pageDefinition(id: string): ReportPageDefinition | undefined {
  return REPORT_PAGES.find((p) => p.id === id);
}

/** The page list of a new report (and of a report saved before page choice existed). */
export function defaultPageChoice(): PageChoice {
  return REPORT_PAGES.map((p) => ({ id: p.id, on: p.defaultOn }));
}

/**
 * Any saved choice (from a report, an account setting or an older app) as a complete, valid list: unknown ids and repeats
 * dropped, custom pages whose upload is gone dropped, every built-in page present (a missing one goes back to its
 * default place and default on/off), required pages on. `customIds` are the uploads the report still has; a custom page
 * not in the choice is added at the end, on.
 */
export function normalisePageChoice(raw: unknown, customIds: readonly string[] = []): PageChoice {
  const available = new Set(customIds.map((id) => (isCustomPageId(id) ? id : `${CUSTOM_PAGE_PREFIX}${id}`)));
  const seen = new Set<string>();
  const out: PageChoice = [];
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const entry = typeof item === 'string' ? { id: item, on: true } : item && typeof item === 'object' ? (item as { id?: unknown; on?: unknown }) : null;
      if (!entry || typeof entry.id !== 'string' || seen.has(entry.id)) continue;
      const id = entry.id;
      if (!isBuiltInPageId(id) && !(isCustomPageId(id) && available.has(id))) continue;
      seen.add(id);
      out.push({ id: id as ReportPageId, on: pageDefinition(id)?.required ? true : entry.on !== false });
    }
  }
  // Built-in pages the choice does not name (saved before they existed): back at their default place.
  REPORT_PAGES.forEach((page, index) => {
    if (seen.has(page.id)) return;
    const before = REPORT_PAGES.slice(0, index).map((p) => p.id as string);
    let at = 0;
    for (let i = out.length - 1; i >= 0; i--) {
      if (before.includes(out[i]!.id)) {
        at = i + 1;
        break;
      }
    }
    out.splice(at, 0, { id: page.id, on: page.defaultOn });
    seen.add(page.id);
  });
  for (const id of available) if (!seen.has(id)) out.push({ id: id as ReportPageId, on: true });
  return out;
}

/** Which brand kit pages the agent has filled in (a bio, a cover letter): they start ticked. */
export interface FilledPages {
  bio: boolean;
  coverLetter: boolean;
}

/**
 * The page choice a report prints with: its own saved choice, else the agent's default, else the built-in one with the
 * pages the agent filled in the brand kit ticked (issue 29). The web's page picker and every print use this one rule.
 */
export function reportPageChoice(saved: unknown, accountDefault: unknown, filled: FilledPages, customIds: readonly string[] = []): PageChoice {
  if (saved != null) return normalisePageChoice(saved, customIds);
  if (accountDefault != null) return normalisePageChoice(accountDefault, customIds);
  const starting = defaultPageChoice().map((entry) =>
    (entry.id === 'bio' && filled.bio) || (entry.id === 'cover-letter' && filled.coverLetter) ? { ...entry, on: true } : entry,
  );
  return normalisePageChoice(starting, customIds);
}

/** The ids that print, in print order. */
export function printedPageIds(choice: PageChoice): ReportPageId[] {
  return choice.filter((entry) => entry.on).map((entry) => entry.id);
}

export class PageListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageListError';
  }
}

/**
 * A typed page list (`cover,subject,bio`) as a choice printing exactly those pages in that order. Required pages the list
 * leaves out are refused with their names, so a command line never silently drops the legal text.
 */
export function pageChoiceFromList(text: string, customIds: readonly string[] = []): PageChoice {
  const ids = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (ids.length === 0) throw new PageListError('the page list is empty.');
  const custom = new Set(customIds.map((id) => (isCustomPageId(id) ? id : `${CUSTOM_PAGE_PREFIX}${id}`)));
  const seen = new Set<string>();
  for (const id of ids) {
    if (!isBuiltInPageId(id) && !(isCustomPageId(id) && custom.has(id))) {
      throw new PageListError(`unknown page id '${id}'. Page ids: ${REPORT_PAGES.map((p) => p.id).join(', ')}${custom.size ? `, ${[...custom].join(', ')}` : ''}.`);
    }
    if (seen.has(id)) throw new PageListError(`page id '${id}' is listed twice.`);
    seen.add(id);
  }
  const missing = REPORT_PAGES.filter((p) => 'required' in p && p.required && !seen.has(p.id)).map((p) => p.id);
  if (missing.length) throw new PageListError(`the page list must include ${missing.join(', ')} (it carries the legal disclosures).`);
  const chosen: PageChoice = ids.map((id) => ({ id: id as ReportPageId, on: true }));
  const rest: PageChoice = [...REPORT_PAGES.map((p) => p.id as ReportPageId), ...([...custom] as ReportPageId[])]
    .filter((id) => !seen.has(id))
    .map((id) => ({ id, on: false }));
  return [...chosen, ...rest];
}

/** The page ids with their descriptions, one per line (for `cma report --help`). */
export function pageIdHelp(): string {
  const width = Math.max(...REPORT_PAGES.map((p) => p.id.length));
  return REPORT_PAGES.map((p) => `  ${p.id.padEnd(width)}  ${p.description}${p.defaultOn ? '' : ' (off by default)'}${'required' in p && p.required ? ' (always printed)' : ''}`).join('\n');
}
