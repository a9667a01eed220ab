// What one saved report's row says: its title, value and range, and whether it went to the client (pure).
import type { HistoryListItem } from '@cma/contracts';
import { formatAmount } from '../../../shared/format';

export type SummaryInput = Pick<HistoryListItem, 'name' | 'address' | 'value' | 'range_start' | 'range_end' | 'sends' | 'send_count' | 'links'>;

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** 'Nov 24, 2026, 3:10 PM' in the agent's time zone (a fixed one in tests). */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
}

/** The agent's name for the entry, else its address. */
export function entryTitle(item: Pick<HistoryListItem, 'name' | 'address'>): string {
  return item.name?.trim() || item.address;
}

/** '$ 512,000', or null before the report has a value. */
export function valueText(item: Pick<HistoryListItem, 'value'>): string | null {
  return item.value == null ? null : formatAmount(item.value);
}

/** '$ 495,000 – $ 530,000', or null without both ends. */
export function rangeText(item: Pick<HistoryListItem, 'range_start' | 'range_end'>): string | null {
  if (item.range_start == null || item.range_end == null) return null;
  return `${formatAmount(item.range_start)} – ${formatAmount(item.range_end)}`;
}

/** One line per e-mail to a client (newest first), then how many older ones are not listed. */
export function sendLines(item: Pick<HistoryListItem, 'sends' | 'send_count'>, timeZone?: string): { lines: string[]; more: string | null } {
  const lines = item.sends.map((send) => `Sent to ${send.recipient} on ${formatDateTime(send.sent_at, timeZone)}`);
  const hidden = item.send_count - item.sends.length;
  return { lines, more: hidden > 0 ? `and ${plural(hidden, 'earlier send', 'earlier sends')}` : null };
}

/** The live links in one line: how many are open and how often the client opened them; null when never shared. */
export function linkLine(item: Pick<HistoryListItem, 'links'>, timeZone?: string): string | null {
  const { total, live, views, last_viewed_at: lastViewedAt } = item.links;
  if (total === 0) return null;
  const links = live > 0 ? `Shared: ${plural(live, 'live link', 'live links')}` : `Shared: ${total === 1 ? 'link' : 'links'} no longer open`;
  const seen = views === 0 ? 'not viewed yet' : `${plural(views, 'view', 'views')}${lastViewedAt ? `, last on ${formatDateTime(lastViewedAt, timeZone)}` : ''}`;
  return `${links} · ${seen}`;
}

/** A short status for the row's badge. */
export function statusBadge(item: Pick<HistoryListItem, 'send_count' | 'links'>): 'Viewed' | 'Sent' | 'Shared' | 'Not sent' {
  if (item.links.views > 0) return 'Viewed';
  if (item.send_count > 0) return 'Sent';
  if (item.links.total > 0) return 'Shared';
  return 'Not sent';
}
