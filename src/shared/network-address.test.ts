import { describe, expect, it } from 'vitest';
import { CookieBannerInput } from './consent';
import {
  type AddressScope,
  addressScope,
  hasPublicHost,
  isForbiddenAddress,
  isPrivateHost,
} from './network-address';

describe('IP range checks (issue 17 item 3: one classification on ipaddr.js)', () => {
  /** Each address with its scope, so a failure names the address. */
  const scopesOf = (addresses: string[]) =>
    Object.fromEntries(addresses.map((item) => [item, addressScope(item)]));
  const allScoped = (addresses: string[], scope: AddressScope) =>
    Object.fromEntries(addresses.map((item) => [item, scope]));

  it('judges every IPv6 form of an IPv4 address as that address', () => {
    const loopbacks = [
      '127.0.0.1',
      '::ffff:127.0.0.1',
      '[::ffff:7f00:1]',
      '::ffff:0:7f00:1',
      '64:ff9b::7f00:1',
    ];
    const moreLoopbacks = ['2002:7f00:1::', '::127.0.0.1'];
    expect(scopesOf([...loopbacks, ...moreLoopbacks])).toEqual(
      allScoped([...loopbacks, ...moreLoopbacks], 'local'),
    );
    expect(scopesOf(['::ffff:8.8.8.8', '64:ff9b::808:808'])).toEqual(
      allScoped(['::ffff:8.8.8.8', '64:ff9b::808:808'], 'public'),
    );
  });

  it('names private, shared, link-local, unique local and reserved ranges local, public unicast public', () => {
    const local = ['10.1.2.3', '172.20.0.1', '192.168.0.10', '100.64.0.1', '169.254.169.254', '0.0.0.0'];
    const moreLocal = [
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '64:ff9b:1::1',
      '240.0.0.1',
      '198.18.0.1',
    ];
    expect(scopesOf([...local, ...moreLocal, '127.1'])).toEqual(
      allScoped([...local, ...moreLocal, '127.1'], 'local'),
    );
    expect(scopesOf(['8.8.8.8', '2606:4700::1111'])).toEqual(
      allScoped(['8.8.8.8', '2606:4700::1111'], 'public'),
    );
    expect(addressScope('2001:db8::1')).toBe('special');
  });

  it('lets the server reach only public unicast, while a stored link is refused only for local hosts', () => {
    expect(isForbiddenAddress('2001:db8::1')).toBe(true);
    expect(isPrivateHost('[2001:db8::1]')).toBe(false);
    expect(isPrivateHost('[::ffff:a00:1]')).toBe(true);
    expect(isPrivateHost('[64:ff9b::c0a8:1]')).toBe(true);
    for (const name of ['localhost', 'printer.local', 'wiki.internal', 'intranet', 'router.home.arpa.']) {
      expect(isPrivateHost(name), name).toBe(true);
    }
    expect(isPrivateHost('forms.example.com')).toBe(false);
  });

  it("takes a URL's host as the URL parser leaves it", () => {
    for (const address of [
      'https://0x7f.1/',
      'https://2130706433/',
      'https://[::ffff:127.0.0.1]/',
      'https://intranet/',
    ]) {
      const url = new URL(address);
      expect(hasPublicHost(url), address).toBe(false);
      expect(isPrivateHost(url.hostname), address).toBe(true);
    }
    expect(hasPublicHost(new URL('https://[2001:db8::1]/'))).toBe(false);
    expect(hasPublicHost(new URL('https://consent.example.com/c.js'))).toBe(true);
  });

  it("refuses a consent script on any host that is not public, as the portal's other links", () => {
    const banner = (scriptUrl: string) =>
      CookieBannerInput.safeParse({ type: 'paypal', id: 'paypal-trust', scriptUrl }).success;
    expect(banner('https://consent.example.com/c.js')).toBe(true);
    for (const scriptUrl of [
      'https://[2001:db8::1]/c.js',
      'https://203.0.113.5/c.js',
      'https://intranet/c.js',
    ]) {
      expect(banner(scriptUrl), scriptUrl).toBe(false);
    }
  });
});
