import ipaddr from 'ipaddr.js';

/**
 * Every IP range check, on ipaddr.js's range names. An address is 'public' (public unicast), 'local'
 * (reaches this side of the network: loopback, private, link-local, unique local, shared, unspecified,
 * multicast, reserved IPv4) or 'special' (reaches nothing local but is not public either: IPv6
 * documentation, Teredo, benchmarking…). IPv6 forms that carry an IPv4 address (mapped, translated,
 * NAT64, 6to4) are judged by that IPv4 address, so ::ffff:127.0.0.1 and ::ffff:7f00:1 are 127.0.0.1.
 * Anything that is not an address (including '127.1' and '0x7f000001') is 'local'.
 */
export type AddressScope = 'public' | 'local' | 'special';

export function addressScope(address: string): AddressScope {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return scopeOfIPv4(ipaddr.IPv4.parse(bare));
  if (!bare.includes(':') || !ipaddr.IPv6.isValid(bare)) return 'local';
  return scopeOfIPv6(ipaddr.IPv6.parse(bare));
}

/** An address the server must never reach and visitors must never be sent to: anything but public unicast. */
export function isForbiddenAddress(address: string): boolean {
  return addressScope(address) !== 'public';
}

// ipaddr.js names 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.168/16, multicast, broadcast
// and the reserved and documentation ranges; public unicast is whatever it leaves as 'unicast'.
function scopeOfIPv4(address: ipaddr.IPv4): AddressScope {
  return address.range() === 'unicast' ? 'public' : 'local';
}

const localIPv6Ranges = new Set([
  'unspecified',
  'loopback',
  'linkLocal',
  'uniqueLocal',
  'deprecatedSiteLocal',
  'multicast',
  'rfc6052', // what embeddedIPv4 leaves of it: the local-use 64:ff9b:1::/48
]);

/** IPv6 ranges whose last 32 bits, or bits 16 to 47 for 6to4, are an IPv4 address to judge instead. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return fromWords(parts[6]!, parts[7]!);
    case 'rfc6052': // 64:ff9b::a.b.c.d; the local-use 64:ff9b:1::/48 is refused below
      return address.match(ipaddr.IPv6.parse('64:ff9b::'), 96) ? fromWords(parts[6]!, parts[7]!) : null;
    case '6to4': // 2002:AABB:CCDD::
      return fromWords(parts[1]!, parts[2]!);
    default:
      return null;
  }
}

function scopeOfIPv6(address: ipaddr.IPv6): AddressScope {
  const v4 = embeddedIPv4(address);
  if (v4) return scopeOfIPv4(v4);
  // ::/96 holds the unspecified address, ::1 and the deprecated IPv4-compatible form (::127.0.0.1).
  if (address.match(ipaddr.IPv6.parse('::'), 96)) return 'local';
  // Public unicast is what ipaddr.js leaves unnamed; of the ranges it names (link-local, unique local,
  // multicast, Teredo, documentation, discard, segment routing…) some reach this side of the network.
  const range = address.range();
  if (range === 'unicast') return 'public';
  return localIPv6Ranges.has(range) ? 'local' : 'special';
}

/** Names that only mean something inside a network: one label (intranet), localhost, .local, .internal… */
const internalSuffixes = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home.arpa', 'localdomain'];

export function isInternalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  return internalSuffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * A link kept for people to open, never fetched (a questionnaire's address): refused when its host
 * names this side of the network, an internal name or a local address; addresses that reach nothing
 * (documentation ranges) do no harm there. Takes URL.hostname, where IPv6 keeps its brackets.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(host)) return addressScope(host) === 'local';
  return isInternalHostName(host);
}

/**
 * Whether a parsed URL's host may be a public address, as far as can be told without DNS: an IP
 * literal must be public (the URL parser has already turned 127.1 and 0x7f000001 into 127.0.0.1),
 * and a name must not be an internal one.
 */
export function hasPublicHost(url: URL): boolean {
  const host = url.hostname;
  if (host.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(host)) return !isForbiddenAddress(host);
  return host !== '' && !isInternalHostName(host);
}
