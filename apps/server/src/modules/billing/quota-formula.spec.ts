import { imageCallFactor, transcriptionTokens } from './quota-formula';

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
