import { compareJournalIds, sumCharges } from './charge-batch';

describe('sumCharges', () => {
  it('sums the charges of a batch per user, token and channel', () => {
    const batch = sumCharges([
      { userId: 1, tokenId: 7, channelId: 3, quota: 80, log: null },
      { userId: 1, tokenId: null, channelId: 3, quota: 5, log: null },
      { userId: 2, tokenId: 8, channelId: 0, quota: 0, log: '{}' },
    ]);
    expect(batch).toEqual({
      users: [
        { id: 1, quota: -85, usedQuota: 85, requestCount: 2 },
        { id: 2, quota: 0, usedQuota: 0, requestCount: 1 },
      ],
      tokens: [
        { id: 7, remainQuota: -80, usedQuota: 80 },
        { id: 8, remainQuota: 0, usedQuota: 0 },
      ],
      channels: [{ id: 3, usedQuota: 85 }],
    });
  });
});

describe('compareJournalIds', () => {
  it('orders by time, then by sequence, as numbers', () => {
    expect(compareJournalIds('1700000000000-0', '1700000000000-1')).toBeLessThan(0);
    expect(compareJournalIds('1700000000000-10', '1700000000000-9')).toBeGreaterThan(0);
    expect(compareJournalIds('999-5', '1000-0')).toBeLessThan(0);
    expect(compareJournalIds('1000-3', '1000-3')).toBe(0);
    expect(compareJournalIds('0-0', '1-0')).toBeLessThan(0);
    // Beyond Number's exact integers, as Redis allows.
    expect(compareJournalIds('1000-18446744073709551614', '1000-18446744073709551615')).toBeLessThan(0);
    expect(compareJournalIds('18446744073709551615-0', '9007199254740993-7')).toBeGreaterThan(0);
  });
});
