import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is one the server must never reach and visitors must never be sent to:
 * anything but public unicast. IPv6 forms that carry an IPv4 address (mapped, translated, NAT64,
 * 6to4) are judged by that IPv4 address, so ::ffff:127.0.0.1 and ::ffff:7f00:1 count as 127.0.0.1.
 * Anything that is not an address (including '127.1' and '0x7f000001') counts as forbidden.
 */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return isForbiddenIPv4(ipaddr.IPv4.parse(bare));
  if (!bare.includes(':') || !ipaddr.IPv6.isValid(bare)) return true;
  return isForbiddenIPv6(ipaddr.IPv6.parse(bare));
}

// ipaddr.js names 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.168/16, multicast, broadcast
// and the reserved and documentation ranges; public unicast is whatever it leaves as 'unicast'.
function isForbiddenIPv4(address: ipaddr.IPv4): boolean {
  return address.range() !== 'unicast';
}

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

function isForbiddenIPv6(address: ipaddr.IPv6): boolean {
  const v4 = embeddedIPv4(address);
  if (v4) return isForbiddenIPv4(v4);
  // ::/96 holds the unspecified address, ::1 and the deprecated IPv4-compatible form (::127.0.0.1).
  if (address.match(ipaddr.IPv6.parse('::'), 96)) return true;
  // Everything ipaddr.js names (link-local, unique local, multicast, Teredo, NAT64 local use,
  // documentation, discard, segment routing…) is special; public unicast is what it leaves unnamed.
  return address.range() !== 'unicast';
}

/** Names that only mean something inside a network: one label (intranet), localhost, .local, .internal… */
const internalSuffixes = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home.arpa', 'localdomain'];

export function isInternalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  return internalSuffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
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
