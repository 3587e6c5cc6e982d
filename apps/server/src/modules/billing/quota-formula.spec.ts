import { imageCallFactor, roundQuota, transcriptionTokens } from './quota-formula';

describe('imageCallFactor (reference §3.2)', () => {
  it('multiplies size, quality and n', () => {
    const order = { model: 'dall-e-3', size: '1024x1792', quality: 'hd', n: 3 };
    expect(imageCallFactor(order)).toBe(2 * 1.5 * 3);
    expect(imageCallFactor({ ...order, model: 'dall-e-2' })).toBe(2 * 3);
    expect(imageCallFactor({ ...order, size: '1024x1024' })).toBe(2 * 3);
  });
});

describe('transcriptionTokens (reference §3.2 STT: ceil(seconds) / 60 × 1000)', () => {
  it('bills started seconds, rounded up to whole tokens', () => {
    expect(transcriptionTokens(60)).toBe(1000);
    expect(transcriptionTokens(59.1)).toBe(1000);
    expect(transcriptionTokens(3)).toBe(50);
    expect(transcriptionTokens(0.2)).toBe(17);
    expect(transcriptionTokens(0)).toBe(0);
    expect(transcriptionTokens(Number.NaN)).toBe(0);
  });
});

describe('roundQuota', () => {
  const throughTwelveDigits = (value: number) => Math.round(Number(value.toPrecision(12)));

  it('drops binary noise before rounding', () => {
    expect(roundQuota(2.4999999999999996)).toBe(3);
    expect(roundQuota((0.1 + 0.2) * 5)).toBe(2);
    expect(roundQuota(0.49999999999)).toBe(0);
    expect(roundQuota(-3)).toBe(0);
    expect(roundQuota(Number.NaN)).toBe(0);
  });

  it('rounds every product as twelve significant digits would, noisy halves included', () => {
    // Seeded so that a failure names a value that fails again.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const differing: number[] = [];
    for (let i = 0; i < 50_000; i += 1) {
      const scale = 10 ** Math.floor(random() * 13);
      const half = Math.floor(random() * scale) + 0.5;
      const noise = (random() - 0.5) * half * 1e-15;
      for (const value of [random() * scale, half, half + noise, half * (1 + (random() - 0.5) * 1e-10)])
        if (roundQuota(value) !== throughTwelveDigits(value)) differing.push(value);
    }
    expect(differing).toEqual([]);
  });
});
