import { describe, expect, it } from 'vitest';
import { readTokenSubject } from '../../../../shared/subscriptions';
import { readSubscriptionQuery, withoutQueryParameters } from './subscription-query';
import { supportAddress } from './support-address';

const token = (payload: unknown) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;

describe('subscription query parameters', () => {
  it('reads subscribe, a known subscribeStatus and the unsubscribe token', () => {
    expect(readSubscriptionQuery('?subscribe=true&subscribeStatus=Blocked&unsubscribeToken=abc')).toEqual({
      isSubscribeRequested: true,
      subscribeStatus: 'Blocked',
      unsubscribeToken: 'abc',
    });
    expect(readSubscriptionQuery('?subscribe=1&subscribeStatus=Whatever')).toEqual({
      isSubscribeRequested: false,
      subscribeStatus: null,
      unsubscribeToken: null,
    });
  });

  it('removes only the named parameters, keeping the rest and the fragment', () => {
    expect(
      withoutQueryParameters('https://x.example/acme?product=pay&subscribeStatus=Confirmed#docs', [
        'subscribeStatus',
      ]),
    ).toBe('/acme?product=pay#docs');
    expect(withoutQueryParameters('https://x.example/acme?subscribe=true', ['subscribe'])).toBe('/acme');
  });

  it('decodes the subject of an unsubscribe token without verifying it, and nothing from junk', () => {
    expect(readTokenSubject(token({ sub: 'ada@customer.example', purpose: 'unsubscribe' }))).toBe(
      'ada@customer.example',
    );
    expect(readTokenSubject(token({ purpose: 'unsubscribe' }))).toBeNull();
    expect(readTokenSubject('not-a-token')).toBeNull();
    expect(readTokenSubject('a.%%%.c')).toBeNull();
  });

  it('derives a support address from the website host, or none', () => {
    expect(supportAddress('https://www.acme.example/about')).toBe('support@acme.example');
    expect(supportAddress('acme.example')).toBe('support@acme.example');
    expect(supportAddress(null)).toBeNull();
    expect(supportAddress('acme.example', 'help@acme.example')).toBe('help@acme.example');
    expect(supportAddress('localhost')).toBeNull();
  });
});
