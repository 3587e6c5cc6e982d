import { codeOf } from '../../../test/support/error-codes';
import {
  checkName,
  copyNames,
  enableBlocker,
  normaliseAllowIps,
  normaliseModelLimits,
  parseExpiry,
} from './token-rules';

const NOW = 1_750_000_000;

describe('token rules', () => {
  it.each([
    [-1, -1],
    ['-1', -1],
    [NOW + 60, NOW + 60],
    [` ${NOW + 60} `, NOW + 60],
  ])('accepts the expiry %j', (value, expected) => {
    expect(parseExpiry(value, NOW)).toBe(expected);
  });

  it.each([['abc'], ['2025-01-01 00:00:00'], [1.5], [''], [null], [true], [-2], [{}]])(
    'refuses the unparsable expiry %j',
    (value) => {
      expect(codeOf(() => parseExpiry(value, NOW))).toBe('invalid_expiry');
    },
  );

  it('refuses a past expiry unless it is the stored one sent back', () => {
    expect(codeOf(() => parseExpiry(NOW - 1, NOW))).toBe('expiry_in_past');
    expect(codeOf(() => parseExpiry(NOW, NOW))).toBe('expiry_in_past');
    expect(parseExpiry(NOW - 1, NOW, NOW - 1)).toBe(NOW - 1);
  });

  it('normalises the IP allow list and names the first bad entry', () => {
    expect(normaliseAllowIps(' 10.0.0.1 \r\n\n192.168.0.0/16\n::1\n2001:db8::/32\n')).toBe(
      '10.0.0.1\n192.168.0.0/16\n::1\n2001:db8::/32',
    );
    expect(normaliseAllowIps('')).toBe('');
    for (const bad of [
      '10.0.0.256',
      '10.0.0.0/33',
      '::/129',
      'example.com',
      '10.0.0.0/',
      '1.2.3.4/8/9',
      '1.2.3.4/x',
    ])
      expect(codeOf(() => normaliseAllowIps(`10.0.0.1\n${bad}`))).toBe('invalid_allow_ip');
  });

  it('normalises model limits to a comma list without blanks or repeats', () => {
    expect(normaliseModelLimits(' gpt-4o , ,claude-3-opus,gpt-4o,')).toBe('gpt-4o,claude-3-opus');
  });

  it('names copies name-XXXXXX and keeps every name within 30 characters', () => {
    const names = copyNames('team', 3);
    expect(names[0]).toBe('team');
    for (const copy of names.slice(1)) expect(copy).toMatch(/^team-[0-9a-zA-Z]{6}$/);
    expect(new Set(names).size).toBe(3);
    expect(copyNames('x'.repeat(30), 1)).toHaveLength(1);
    expect(codeOf(() => copyNames('x'.repeat(24), 2))).toBe('name_too_long');
    expect(codeOf(() => copyNames('a', 0))).toBe('invalid_quantity');
    expect(codeOf(() => copyNames('a', 101))).toBe('invalid_quantity');
    expect(codeOf(() => checkName('y'.repeat(31)))).toBe('name_too_long');
    expect(codeOf(() => checkName('  '))).toBe('name_required');
    expect(codeOf(() => copyNames('', 2))).toBe('name_required');
  });

  it('keeps expired and exhausted tokens from being enabled', () => {
    const usable = { expiredTime: -1, unlimitedQuota: false, remainQuota: 1 };
    expect(enableBlocker(usable, NOW)).toBeNull();
    expect(enableBlocker({ ...usable, expiredTime: NOW }, NOW)).toBe('expired');
    expect(enableBlocker({ ...usable, remainQuota: 0 }, NOW)).toBe('exhausted');
    expect(enableBlocker({ ...usable, remainQuota: 0, unlimitedQuota: true }, NOW)).toBeNull();
  });
});
