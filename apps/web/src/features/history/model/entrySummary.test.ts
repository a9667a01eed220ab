import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entryTitle, linkLine, rangeText, sendLines, statusBadge, valueText, type SummaryInput } from './entrySummary';

const base: SummaryInput = {
  name: null,
  address: '1234 Elm Street, Denver, CO 80220',
  value: null,
  range_start: null,
  range_end: null,
  sends: [],
  send_count: 0,
  links: { total: 0, live: 0, views: 0, last_viewed_at: null },
};
const UTC = 'UTC';

describe('entryTitle', () => {
  it.each([
    [null, '1234 Elm Street, Denver, CO 80220'],
    ['', '1234 Elm Street, Denver, CO 80220'],
    ['   ', '1234 Elm Street, Denver, CO 80220'],
    ['Taylor – second look', 'Taylor – second look'],
  ])('name %j shows %j', (name, title) => {
    expect(entryTitle({ ...base, name })).toBe(title);
  });
});

describe('value and range', () => {
  it.each([
    [{ value: 512_345.4 }, '$ 512,345'],
    [{ value: 0 }, '$ 0'],
    [{ value: null }, null],
  ])('%j → %j', (fields, text) => {
    expect(valueText({ ...base, ...fields })).toBe(text);
  });

  it.each([
    [{ range_start: 495_000, range_end: 530_000 }, '$ 495,000 – $ 530,000'],
    [{ range_start: 495_000, range_end: null }, null],
    [{ range_start: null, range_end: 530_000 }, null],
  ])('%j → %j', (fields, text) => {
    expect(rangeText({ ...base, ...fields })).toBe(text);
  });
});

describe('sendLines', () => {
  it('names each recipient with the time, newest first as the server lists them', () => {
    const sends = [
      { recipient: 'taylor@example.com', sent_at: '2026-11-24T15:10:00.000Z' },
      { recipient: 'sam@example.com', sent_at: '2026-11-20T09:05:00.000Z' },
    ];
    expect(sendLines({ sends, send_count: 2 }, UTC)).toEqual({
      lines: ['Sent to taylor@example.com on Nov 24, 2026, 3:10 PM', 'Sent to sam@example.com on Nov 20, 2026, 9:05 AM'],
      more: null,
    });
  });

  it.each([
    [6, 'and 1 earlier send'],
    [12, 'and 7 earlier sends'],
    [1005, 'and 1,000 earlier sends'],
  ])('with %i sends and 5 listed says %j', (count, more) => {
    const sends = Array.from({ length: 5 }, (_, i) => ({ recipient: `c${i}@example.com`, sent_at: '2026-11-24T15:10:00.000Z' }));
    expect(sendLines({ sends, send_count: count }, UTC).more).toBe(more);
  });

  it('says nothing for a report never sent', () => {
    expect(sendLines(base, UTC)).toEqual({ lines: [], more: null });
  });
});

describe('linkLine', () => {
  it.each([
    [{ total: 0, live: 0, views: 0, last_viewed_at: null }, null],
    [{ total: 1, live: 1, views: 0, last_viewed_at: null }, 'Shared: 1 live link · not viewed yet'],
    [{ total: 2, live: 2, views: 1, last_viewed_at: '2026-11-25T10:40:00.000Z' }, 'Shared: 2 live links · 1 view, last on Nov 25, 2026, 10:40 AM'],
    [{ total: 1, live: 0, views: 3, last_viewed_at: '2026-11-25T10:40:00.000Z' }, 'Shared: link no longer open · 3 views, last on Nov 25, 2026, 10:40 AM'],
    [{ total: 3, live: 0, views: 0, last_viewed_at: null }, 'Shared: links no longer open · not viewed yet'],
  ])('%j → %j', (links, line) => {
    expect(linkLine({ links }, UTC)).toBe(line);
  });
});

describe('statusBadge', () => {
  const status = fc.record({
    send_count: fc.nat(50),
    links: fc.record({ total: fc.nat(5), live: fc.nat(5), views: fc.nat(100), last_viewed_at: fc.constant(null) }),
  });

  it('is Viewed exactly when a client opened a link, else Sent when e-mailed, else Shared when linked', () => {
    fc.assert(
      fc.property(status, (item) => {
        const badge = statusBadge(item);
        if (item.links.views > 0) return badge === 'Viewed';
        if (item.send_count > 0) return badge === 'Sent';
        if (item.links.total > 0) return badge === 'Shared';
        return badge === 'Not sent';
      }),
    );
  });
});
