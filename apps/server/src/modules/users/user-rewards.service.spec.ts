import { checkInReward, utcDayStart } from './user-rewards.service';

describe('check-in reward', () => {
  it('is fixed when the maximum is not above the minimum', () => {
    expect(checkInReward(1000, 0)).toBe(1000);
    expect(checkInReward(1000, 1000)).toBe(1000);
  });

  it('is a whole number within [min, max] otherwise, reaching both ends', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const reward = checkInReward(10, 13);
      expect(Number.isInteger(reward)).toBe(true);
      expect(reward).toBeGreaterThanOrEqual(10);
      expect(reward).toBeLessThanOrEqual(13);
      seen.add(reward);
    }
    expect([...seen].sort()).toEqual([10, 11, 12, 13]);
  });

  it('counts days in UTC', () => {
    const lateEvening = Date.UTC(2025, 0, 31, 23, 59, 59) / 1000;
    expect(utcDayStart(lateEvening)).toBe(Date.UTC(2025, 0, 31) / 1000);
    expect(utcDayStart(lateEvening + 1)).toBe(Date.UTC(2025, 1, 1) / 1000);
  });
});
