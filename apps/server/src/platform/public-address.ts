import { isIP } from 'node:net';

/**
 * Which IP addresses a user-given address may lead the server to (security
 * finding 13.8). Pure: no DNS, no sockets. An address is fetchable only when
 * it is globally routable unicast; anything on this machine, its networks,
 * link-local (cloud metadata), multicast, reserved or documentation ranges is
 * not, in every spelling: IPv4, IPv4-mapped IPv6 (::ffff:a.b.c.d), NAT64
 * (64:ff9b::/96), 6to4 and IPv4-compatible forms carry an IPv4 address and are
 * judged by it. Odd IPv4 spellings (127.1, 2130706433, 0x7f000001) are turned
 * into dotted quads by the WHATWG URL parser before they get here; a string
 * that is not a canonical IP address is never public.
 */

type Range = readonly [prefix: readonly number[], bits: number, label: string];

/** IPv4 ranges that are not globally reachable (IANA special-purpose registry). */
const IPV4_REFUSED: readonly Range[] = [
  [[0, 0, 0, 0], 8, 'this network / unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'carrier-grade NAT'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'IETF protocol assignments'],
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 88, 99, 0], 24, '6to4 relay anycast'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'benchmarking'],
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved / broadcast'],
];

/** IPv6 ranges inside global unicast (2000::/3) that are still not reachable. */
const IPV6_REFUSED_IN_GLOBAL: readonly Range[] = [
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation'],
  [[0x3f, 0xff], 20, 'documentation'],
  [[0x20, 0x01, 0x00, 0x00], 32, 'Teredo'],
  [[0x20, 0x01, 0x00, 0x10], 28, 'ORCHID'],
  [[0x20, 0x01, 0x00, 0x20], 28, 'ORCHIDv2'],
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of a valid IPv6 address (zone id dropped). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  // A trailing dotted quad stands for the last two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(quad[1]);
    text = `${text.slice(0, -quad[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function ipv4Refusal(bytes: readonly number[]): string | null {
  return IPV4_REFUSED.find((range) => inRange(bytes, range))?.[2] ?? null;
}

const isZero = (bytes: readonly number[]) => bytes.every((b) => b === 0);

function ipv6Refusal(bytes: readonly number[]): string | null {
  const embedded = bytes.slice(12);
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address.
  if (isZero(bytes.slice(0, 10)) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return ipv4Refusal(embedded);
  }
  if (inRange(bytes, [[0, 0x64, 0xff, 0x9b], 32, '']) && isZero(bytes.slice(4, 12))) {
    return ipv4Refusal(embedded);
  }
  if (isZero(bytes.slice(0, 12))) {
    if (isZero(embedded)) return 'unspecified';
    if (isZero(embedded.slice(0, 3)) && embedded[3] === 1) return 'loopback';
    return 'IPv4-compatible (deprecated)';
  }
  // Only global unicast (2000::/3) leaves the site; everything else is refused by name.
  if (((bytes[0] ?? 0) & 0xe0) !== 0x20) {
    if (inRange(bytes, [[0xfe, 0x80], 10, ''])) return 'link-local';
    if (inRange(bytes, [[0xfc], 7, ''])) return 'unique local';
    if (bytes[0] === 0xff) return 'multicast';
    return 'not global unicast';
  }
  // 2002:a.b.c.d::/48 (6to4) reaches the IPv4 address it names.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return ipv4Refusal(bytes.slice(2, 6));
  return IPV6_REFUSED_IN_GLOBAL.find((range) => inRange(bytes, range))?.[2] ?? null;
}

/** Why `address` may not be fetched ('loopback', 'private', ...), or null when it is public. */
export function refusalOf(address: string): string | null {
  const version = isIP(address);
  if (version === 4) return ipv4Refusal(ipv4Bytes(address));
  if (version === 6) return ipv6Refusal(ipv6Bytes(address));
  return 'not an IP address';
}

/** True only for a globally routable unicast IP address. */
export function isPublicAddress(address: string): boolean {
  return refusalOf(address) === null;
}

/** The IP address a URL's host names literally (no brackets), or null for a host name. */
export function hostLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
}

/** Only http and https are fetched: no file:, ftp:, gopher:, data: or anything else. */
export function isFetchableScheme(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}
