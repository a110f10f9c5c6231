import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Where a webhook may not go unless the operator allows it (WEBHOOK_ALLOW_PRIVATE): this server itself, loopback,
 * private and link-local networks, and the other special ranges of RFC 6890. A receiver on one of them would let
 * whoever manages an application probe the server's own network (server-side request forgery).
 */
const special = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  special.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  special.addSubnet(net, bits, 'ipv6');

let own: Set<string> | null = null;
/** The addresses of this machine's interfaces, read once. */
function ownAddresses(): Set<string> {
  own ??= new Set(
    Object.values(networkInterfaces())
      .flat()
      .flatMap((i) => (i ? [i.address] : [])),
  );
  return own;
}

/** True when a delivery must not go to this address. */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return true;
  return special.check(plain, family === 4 ? 'ipv4' : 'ipv6') || ownAddresses().has(plain);
}

export class ForbiddenAddress extends Error {
  constructor(readonly address: string) {
    super(`${address} is a private or local address; set WEBHOOK_ALLOW_PRIVATE to deliver there`);
  }
}

/**
 * A DNS lookup for the socket that refuses forbidden addresses after resolving, so the address checked is the
 * address connected to (no second lookup a rebinding DNS server could answer differently).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = list.find((a) => isForbiddenAddress(a.address));
    if (bad) return callback(new ForbiddenAddress(bad.address), '', 0);
    // What net.connect asked for: all addresses (happy eyeballs) or the first.
    if ((options as { all?: boolean }).all)
      return (callback as (e: null, a: typeof list) => void)(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
    callback(null, first.address, first.family);
  });
};

/** A literal address in the URL never goes through a lookup: it is checked here. */
export function forbiddenHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isForbiddenAddress(host) ? host : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  return null;
}
