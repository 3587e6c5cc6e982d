import { newRequestId } from './request-id';

describe('request ids', () => {
  it('are short, unique and sort by time', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) =>
      newRequestId(1_750_000_000_000 + Math.floor(i / 100)),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[0-9a-z]{17}$/.test(id))).toBe(true);
    const byTime = ids.filter((_, i) => i % 100 === 0);
    expect([...byTime].sort()).toEqual(byTime);
  });
});
