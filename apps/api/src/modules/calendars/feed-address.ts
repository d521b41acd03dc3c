/**
 * Which addresses the server may connect to when it reads a booking site's calendar
 * (docs/decisions/024-calendar-feed-addresses.md). A feed address is typed by staff and read
 * again by the timer without anyone acting, so it must not become a way into the hotel's own
 * network: only public unicast addresses are read, unless the operator lists a private network
 * in CALENDAR_FEED_ALLOW_PRIVATE (a channel manager on the hotel's own network). Every name is
 * resolved and every address it resolves to is judged, at every redirect and for the address the
 * socket is actually opened to, so a name that resolves once to a public and then to a private
 * address (DNS rebinding) gains nothing.
 */
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Never a site: loopback, private, link-local, shared, documentation, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
// IPv6: only global unicast (2000::/3) can be public; inside it, the ranges that are not.
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which carries any IPv4 address inside
  ['3fff::', 20], // documentation
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}
/** Not unicast at all: no allow-list lets these through. */
const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addSubnet('240.0.0.0', 4, 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');

/** "::ffff:127.0.0.1" and "::ffff:7f00:1" are IPv4 addresses written as IPv6: judged as IPv4. */
function unmapped(address: string): string {
  const match = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return address;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2]!, 16);
  const low = Number.parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Private networks the operator allows feeds from: CALENDAR_FEED_ALLOW_PRIVATE, a comma-separated
 * list of addresses and networks ("192.168.10.0/24, 10.1.2.3, fd00::/8"). Throws on a bad entry.
 */
export function parseAllowedNetworks(setting: string | undefined): BlockList {
  const allowed = new BlockList();
  for (const entry of (setting ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const [address = '', prefixText, ...rest] = entry.split('/');
    const family = rest.length === 0 ? isIP(address) : 0;
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32) || (prefixText !== undefined && !/^\d+$/.test(prefixText))) {
      throw new Error(`"${entry}" is not an address or a network such as 192.168.10.0/24`);
    }
    allowed.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return allowed;
}

/** Whether the server may open a connection to this IP address to read a feed. */
export function mayConnectTo(address: string, allowed: BlockList): boolean {
  const ip = unmapped(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(ip);
  if (!family) return false;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (NEVER.check(ip, type)) return false;
  const isPublic = family === 6 ? GLOBAL_UNICAST_V6.check(ip, type) && !NOT_PUBLIC.check(ip, type) : !NOT_PUBLIC.check(ip, type);
  return isPublic || allowed.check(ip, type);
}

/** Thrown (and passed to the socket) when a feed's host is, or resolves to, an address it may not reach. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(readonly address: string) {
    super(`refused to connect to ${address}: not a public address`);
  }
}

/**
 * A `lookup` for http.request: resolves the name as usual and refuses the connection when any
 * address it resolves to may not be reached, so the socket opens only to an address judged here.
 */
export function guardedLookup(allowed: BlockList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return void callback(error, '', 0);
      const refused = addresses.find((entry) => !mayConnectTo(entry.address, allowed));
      if (refused || addresses.length === 0) {
        return void callback(new RefusedAddressError(refused?.address ?? hostname) as unknown as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return void (callback as unknown as (e: null, all: typeof addresses) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
