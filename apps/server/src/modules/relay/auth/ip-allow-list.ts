import { BlockList, isIP } from 'node:net';

export type AllowList = (ip: string) => boolean;

// Dual-stack sockets report IPv4 callers as ::ffff:a.b.c.d; allow lists are written with plain IPv4.
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

const family = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/**
 * A token's allow_ips (one address or CIDR per line, as the tokens module stored it) as a matcher;
 * null when the list is empty (any address). Lines that do not parse are ignored rather than opening up.
 */
export function compileAllowList(text: string): AllowList | null {
  const entries = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    if (isIP(address) === 0) continue;
    try {
      if (prefix === undefined) list.addAddress(address, family(address));
      else list.addSubnet(address, Number(prefix), family(address));
    } catch {
      // Stored lists were validated on write; a bad line can only come from an older row.
    }
  }
  return (ip: string) => {
    const address = ip.replace(MAPPED_IPV4, '$1');
    return isIP(address) !== 0 && list.check(address, family(address));
  };
}
