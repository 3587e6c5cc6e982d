import { codeOf } from '../../../test/support/error-codes';
import {
  checkCount,
  checkCustomKey,
  checkMaxUses,
  checkValidity,
  generateRedemptionKey,
  maskKey,
  redeemBlocker,
  resolveName,
} from './redemption-rules';

const NOW = 1_750_000_000;
const unused = { status: 1, isGift: false, maxUses: -1, usedCount: 0, validFrom: 0, validUntil: 0 };

describe('redemption rules', () => {
  it('generates 32-hex codes', () => {
    expect(generateRedemptionKey()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('names an unnamed batch after its quota in dollars and keeps names 1–20', () => {
    expect(resolveName('', 100000, 500000)).toBe('$0.20');
    expect(resolveName('  ', 500000, 500000)).toBe('$1.00');
    expect(resolveName(' promo ', 1, 500000)).toBe('promo');
    expect(codeOf(() => resolveName('n'.repeat(21), 1, 500000))).toBe('invalid_name');
  });

  it('limits counts, validity windows, max uses and custom codes', () => {
    expect(codeOf(() => checkCount(0))).toBe('count_not_positive');
    expect(codeOf(() => checkCount(101))).toBe('count_too_large');
    expect(checkCount(100)).toBe(100);
    expect(codeOf(() => checkValidity(NOW, NOW))).toBe('invalid_validity');
    expect(() => checkValidity(NOW, 0)).not.toThrow();
    expect(() => checkValidity(0, NOW)).not.toThrow();
    expect(codeOf(() => checkMaxUses(0))).toBe('invalid_max_uses');
    expect(codeOf(() => checkMaxUses(3, 3))).toBe('max_uses_below_used');
    expect(checkMaxUses(-1, 9)).toBe(-1);
    expect(codeOf(() => checkCustomKey('mine', 2))).toBe('custom_key_needs_single');
    expect(codeOf(() => checkCustomKey('has space', 1))).toBe('invalid_custom_key');
  });

  it.each([
    [{ status: 2 }, 'code_disabled'],
    [{ status: 3 }, 'code_used'],
    [{ validFrom: NOW + 1 }, 'code_not_yet_valid'],
    [{ validUntil: NOW }, 'code_expired'],
    [{ isGift: true, maxUses: 2, usedCount: 2 }, 'code_used'],
    [{ isGift: true, maxUses: -1, usedCount: 1000 }, null],
    [{ validFrom: NOW, validUntil: NOW + 1 }, null],
  ])('explains why %j cannot be redeemed', (change, expected) => {
    expect(redeemBlocker({ ...unused, ...change }, NOW)).toBe(expected);
  });

  it('masks codes in logs', () => {
    expect(maskKey('0123456789abcdef0123456789abcdef')).toBe('0123***cdef');
    expect(maskKey('SPRING2025')).toBe('SP***');
  });
});
