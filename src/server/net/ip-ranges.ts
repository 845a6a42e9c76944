import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an address is one an outbound call must never reach: anything that is not a public unicast
 * address. IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4) are judged by that
 * IPv4 address, so ::ffff:127.0.0.1 and ::ffff:7f00:1 are as refused as 127.0.0.1.
 */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // isIP first: ipaddr.parse also reads '127.1' and '0x7f000001', which only a URL parser should accept.
  if (isIP(bare) === 0) return true;
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === 'ipv4'
    ? isForbiddenIPv4(parsed as ipaddr.IPv4)
    : isForbiddenIPv6(parsed as ipaddr.IPv6);
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

/** The one loopback address the explicit loopback allowance lets through (tests' and a laptop's receivers). */
export function isAllowedLoopback(address: string): boolean {
  return address === '127.0.0.1';
}

/** Whether a socket's peer is this machine (127.0.0.0/8, ::1, or either written as IPv4-mapped IPv6). */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address || isIP(address) === 0) return false;
  return ipaddr.process(address).range() === 'loopback';
}
