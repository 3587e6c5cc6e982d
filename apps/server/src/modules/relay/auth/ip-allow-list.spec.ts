import { compileAllowList } from './ip-allow-list';

describe('token IP allow list', () => {
  it('allows everyone when empty', () => {
    expect(compileAllowList('')).toBeNull();
    expect(compileAllowList(' \n \n')).toBeNull();
  });

  it('matches single addresses and CIDR ranges of both families', () => {
    const allows = compileAllowList('203.0.113.7\n10.1.0.0/16\n2001:db8::/32\n::1');
    if (!allows) throw new Error('expected a list');
    expect(allows('203.0.113.7')).toBe(true);
    expect(allows('203.0.113.8')).toBe(false);
    expect(allows('10.1.255.3')).toBe(true);
    expect(allows('10.2.0.1')).toBe(false);
    expect(allows('2001:db8:1::5')).toBe(true);
    expect(allows('2001:db9::5')).toBe(false);
    expect(allows('::1')).toBe(true);
  });

  it('treats IPv4-mapped IPv6 callers as their IPv4 address', () => {
    const allows = compileAllowList('127.0.0.1');
    expect(allows?.('::ffff:127.0.0.1')).toBe(true);
    expect(allows?.('::ffff:127.0.0.2')).toBe(false);
  });

  it('refuses garbage addresses and ignores lines that do not parse', () => {
    const allows = compileAllowList('not-an-ip\n192.168.0.0/99\n192.168.1.1');
    expect(allows?.('192.168.1.1')).toBe(true);
    expect(allows?.('192.168.0.5')).toBe(false);
    expect(allows?.('')).toBe(false);
    expect(allows?.('garbage')).toBe(false);
  });
});
