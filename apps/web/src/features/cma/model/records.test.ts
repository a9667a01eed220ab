import { describe, expect, it } from 'vitest';
import { withComparableEdits, type CmaRecord } from './records';

describe('withComparableEdits', () => {
  it("puts each chosen comparable's own copy (with the agent's edits) in place of its loaded listing, keeping the order", () => {
    const listings: CmaRecord[] = [{ uuid: 'a' }, { uuid: 'b' }, { uuid: 'c' }];
    const edited: CmaRecord = { uuid: 'b', agentQuality: 2 };
    const merged = withComparableEdits(listings, [edited, { uuid: 'not-loaded' }]);
    expect(merged).toEqual([{ uuid: 'a' }, { uuid: 'b', agentQuality: 2 }, { uuid: 'c' }]);
    expect(merged[1]).toBe(edited);
    expect(withComparableEdits(listings, undefined)).toEqual(listings);
  });
});
