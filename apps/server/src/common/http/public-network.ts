import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, isIPv6 } from 'node:net';

// Addresses the server must never call for a user (webhooks, caller-supplied media URLs): it would otherwise
// probe its own network on their behalf.
const FORBIDDEN_NETWORKS: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this" network
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'], // multicast, reserved, broadcast
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'], // NAT64 of an IPv4 address
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const forbidden = new BlockList();
for (const [network, prefix, family] of FORBIDDEN_NETWORKS) forbidden.addSubnet(network, prefix, family);

// Literal checks only: other names are not resolved here, so a sender must check the address it connects to.
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const family = isIP(host);
  if (family === 0) return false;
  return forbidden.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether an address the server is about to dial is outside every forbidden network (IPv4-mapped ones too). */
export function isPublicAddress(ip: string): boolean {
  // URL parsing writes an address the way the check expects (IPv4-mapped IPv6 in its canonical form).
  return !isPrivateHost(new URL(`https://${isIPv6(ip) ? `[${ip}]` : ip}/`).hostname);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup that refuses names resolving to a private address, so a public-looking webhook host cannot
 * make the server call into its own network (the setting check only sees the name).
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
      refused.code = 'EPRIVATEADDRESS';
      return callback(refused, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
