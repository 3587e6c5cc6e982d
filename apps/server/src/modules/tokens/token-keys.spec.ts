import { displayKey, generateTokenKey, hashTokenKey, randomAlphanumeric, stripKeyPrefix } from './token-keys';

describe('token keys', () => {
  it('are 48 random alphanumerics', () => {
    const keys = Array.from({ length: 200 }, generateTokenKey);
    for (const key of keys) expect(key).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('draw every alphanumeric', () => {
    expect(new Set(randomAlphanumeric(5000)).size).toBe(62);
  });

  it('hash to the same SHA-256 hex with or without sk-', () => {
    const key = generateTokenKey();
    expect(hashTokenKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashTokenKey(stripKeyPrefix(displayKey(key)))).toBe(hashTokenKey(key));
    expect(displayKey(key)).toBe(`sk-${key}`);
  });
});
