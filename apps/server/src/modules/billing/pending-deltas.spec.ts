import { PendingDeltas } from './pending-deltas';

describe('PendingDeltas', () => {
  it('sums changes per row and hands them over once', () => {
    const pending = new PendingDeltas();
    pending.addUser(1, { quota: -100, usedQuota: 0, requestCount: 0 });
    pending.addUser(1, { quota: 20, usedQuota: 80, requestCount: 1 });
    pending.addToken(7, { remainQuota: -80, usedQuota: 80 });
    pending.addChannel(3, 80);
    pending.addChannel(3, 5);
    expect(pending.userQuota(1)).toBe(-80);
    expect(pending.tokenRemain(7)).toBe(-80);
    expect(pending.take()).toEqual({
      users: [{ id: 1, quota: -80, usedQuota: 80, requestCount: 1 }],
      tokens: [{ id: 7, remainQuota: -80, usedQuota: 80 }],
      channels: [{ id: 3, usedQuota: 85 }],
    });
    expect(pending.isEmpty()).toBe(true);
    expect(pending.userQuota(1)).toBe(0);
  });

  it('merges an unwritten part back with what arrived meanwhile', () => {
    const pending = new PendingDeltas();
    pending.addToken(7, { remainQuota: -10, usedQuota: 10 });
    const batch = pending.take();
    pending.addToken(7, { remainQuota: -5, usedQuota: 5 });
    pending.restore({ tokens: batch.tokens });
    expect(pending.take().tokens).toEqual([{ id: 7, remainQuota: -15, usedQuota: 15 }]);
  });
});
