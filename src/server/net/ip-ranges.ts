import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// The classification is shared with the item-link schema, which cannot resolve names.
export { isForbiddenAddress } from '../../shared/network-address';

/** The one loopback address the explicit loopback allowance lets through (tests' and a laptop's receivers). */
export function isAllowedLoopback(address: string): boolean {
  return address === '127.0.0.1';
}

/** Whether a socket's peer is this machine (127.0.0.0/8, ::1, or either written as IPv4-mapped IPv6). */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address || isIP(address) === 0) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/**
 * An organisation's own network (RFC 1918, shared address space, IPv6 unique local): where an operator
 * may name an identity provider (SSO_PRIVATE_HOSTS). Never loopback, link-local (cloud metadata) or
 * anything reserved.
 */
export function isPrivateNetworkAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  return range === 'private' || range === 'carrierGradeNat' || range === 'uniqueLocal';
}
