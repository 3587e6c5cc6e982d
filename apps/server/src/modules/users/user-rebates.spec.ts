import { rebateOf } from './user-rebates';

describe('rebateOf', () => {
  it('is floor(credited × percentage / 100), exactly', () => {
    expect(rebateOf(1_000_000, 10)).toBe(100_000);
    expect(rebateOf(999, 10)).toBe(99);
    expect(rebateOf(100, 0.29)).toBe(0);
    expect(rebateOf(10_000, 0.29)).toBe(29);
    expect(rebateOf(3_650_000, 12.5)).toBe(456_250);
    expect(rebateOf(5e13, 100)).toBe(5e13);
  });

  it('gives nothing for nothing', () => {
    expect(rebateOf(1000, 0)).toBe(0);
    expect(rebateOf(0, 50)).toBe(0);
  });
});
