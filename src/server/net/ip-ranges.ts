import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether an address is one an outbound integration call must never reach: anything that is not a
 * public unicast address. IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are
 * judged by that IPv4 address, so ::ffff:127.0.0.1 is as refused as 127.0.0.1.
 */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return isForbiddenIPv4(ipv4Octets(bare));
  if (isIPv6(bare)) return isForbiddenIPv6(ipv6Bytes(bare));
  // Not an address at all: nothing to connect to safely.
  return true;
}

/** [network, prefix length] pairs of IPv4 space that is not public unicast. */
const forbiddenIPv4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", includes the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast
];

function ipv4Octets(address: string): number[] {
  return address.split('.').map(Number);
}

function ipv4Number(octets: number[]): number {
  return ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
}

const forbiddenIPv4Masks = forbiddenIPv4.map(([network, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { network: (ipv4Number(ipv4Octets(network)) & mask) >>> 0, mask };
});

function isForbiddenIPv4(octets: number[]): boolean {
  const value = ipv4Number(octets);
  return forbiddenIPv4Masks.some(({ network, mask }) => (value & mask) >>> 0 === network);
}

/** The 16 bytes of a valid IPv6 text form (with '::' and an optional dotted IPv4 tail). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    tail.push(...ipv4Octets(dotted[1]!));
    text = `${text.slice(0, -dotted[1]!.length)}0:0`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...restGroups];
  const bytes = groups.flatMap((group) => {
    const value = Number.parseInt(group || '0', 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function startsWith(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const index = bit / 8;
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[index]! & mask) !== (prefix[index]! & mask)) return false;
  }
  return true;
}

const zeros = (count: number) => Array<number>(count).fill(0);

function isForbiddenIPv6(bytes: number[]): boolean {
  const embeddedV4 = bytes.slice(12, 16);
  // ::/96 holds the unspecified address, ::1 loopback and the deprecated IPv4-compatible form.
  if (startsWith(bytes, zeros(16), 96)) return true;
  // ::ffff:0:0/96 IPv4-mapped.
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff], 96)) return isForbiddenIPv4(embeddedV4);
  // 64:ff9b::/96 NAT64 well-known prefix.
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)], 96)) return isForbiddenIPv4(embeddedV4);
  // 2002::/16 6to4: the IPv4 address sits in bytes 2 to 5.
  if (startsWith(bytes, [0x20, 0x02], 16)) return isForbiddenIPv4(bytes.slice(2, 6));
  const refusedPrefixes: Array<[number[], number]> = [
    [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48], // 64:ff9b:1::/48 local-use NAT64
    [[0x01, 0x00, ...zeros(6)], 64], // 100::/64 discard
    [[0x20, 0x01, 0x00, 0x00], 23], // 2001::/23 IETF protocols, includes Teredo 2001::/32
    [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
    [[0x3f, 0xff], 20], // 3fff::/20 documentation
    [[0x5f, 0x00], 16], // 5f00::/16 segment routing
    [[0xfc], 7], // unique local
    [[0xfe, 0x80], 10], // link-local
    [[0xfe, 0xc0], 10], // site-local (deprecated)
    [[0xff], 8], // multicast
  ];
  return refusedPrefixes.some(([prefix, bits]) => startsWith(bytes, prefix, bits));
}

/** The one loopback address `allowLoopbackForTests` lets through: tests' fake servers listen there. */
export function isTestLoopback(address: string): boolean {
  return address === '127.0.0.1';
}
