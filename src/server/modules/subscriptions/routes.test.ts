import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { PortalCustomisation } from '../../../shared/portal';
import { subscriptionLimits } from '../../../shared/subscriptions';
import { settings, subscribers, subscriptionBlocks } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { MailboxMessage } from '../mail/mailbox-message';
import { signUnsubscribeToken, unsubscribeHeaders } from './subscription-tokens';

let t: TestApp;
beforeAll(async () => {
  // As behind a load balancer: X-Forwarded-For names the client, so each test has its own address.
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t.close());

let clientNumber = 0;
const nextClient = () => `198.51.100.${++clientNumber}`;

async function organisation(customisation: Partial<PortalCustomisation> = {}) {
  return (await createOrganisation(t.database.db, { customisation })).organisation;
}

function subscribe(slug: string, body: unknown, ip = nextClient()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/subscribe`,
    headers: { 'x-forwarded-for': ip },
    payload: body as Record<string, unknown>,
  });
}

async function mailsTo(email: string): Promise<MailboxMessage[]> {
  await t.providers.jobs.drain();
  const response = await t.app.inject({ url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}` });
  return response.json<MailboxMessage[]>();
}

function linkIn(mail: MailboxMessage): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in the mail');
  return new URL(match[0]);
}

async function subscriberRow(organisationId: string, email: string) {
  const [row] = await t.database.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.organisationId, organisationId), eq(subscribers.email, email)));
  return row;
}

function postConfirmForm(slug: string, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/${slug}/subscribe/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });
}

async function signedWithInstallSecret(claims: Record<string, unknown>, audience: string, expiresAt: number) {
  const [row] = await t.database.db
    .select()
    .from(settings)
    .where(eq(settings.key, 'subscription_token_secret'));
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('ada@customer.example')
    .setAudience(audience)
    .setExpirationTime(expiresAt)
    .sign(new Uint8Array(Buffer.from(row!.value, 'base64url')));
}

describe('POST {base}/subscribe', () => {
  it('answers 202 check_email for a new, pending, confirmed and blocked address alike', async () => {
    const org = await organisation();
    await t.database.db
      .insert(subscriptionBlocks)
      .values({ organisationId: org.id, kind: 'email', value: 'blocked@customer.example' });
    await t.database.db.insert(subscribers).values({
      organisationId: org.id,
      email: 'done@customer.example',
      source: 'subscribe_button',
      status: 'confirmed',
    });
    const answers = [];
    for (const email of [
      'new@customer.example',
      'new@customer.example',
      'done@customer.example',
      'blocked@customer.example',
    ]) {
      const response = await subscribe(org.slug, { email, source: 'subscribe_button' });
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ status: 202, body: { status: 'check_email' } })]),
    );
    expect(await mailsTo('new@customer.example')).toHaveLength(2);
    expect(await mailsTo('done@customer.example')).toHaveLength(0);
    expect(await mailsTo('blocked@customer.example')).toHaveLength(0);
  });

  it('stores the address trimmed and lower-cased as pending, and mails a link with one-click unsubscribe headers', async () => {
    const org = await organisation();
    const response = await subscribe(org.slug, { email: '  Ada@Customer.EXAMPLE ', source: 'direct_link' });
    expect(response.statusCode).toBe(202);
    const row = await subscriberRow(org.id, 'ada@customer.example');
    expect(row).toMatchObject({ status: 'pending', source: 'direct_link', confirmationSentCount: 1 });
    const [mail] = await mailsTo('ada@customer.example');
    expect(mail?.subject).toContain(messages.subscribeTitle(org.name));
    const link = linkIn(mail!);
    expect(link.pathname).toBe(`/${org.slug}/subscribe/confirm`);
    expect(mail?.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<http://attest\\.test/api/statuspage/share/${org.slug}/unsubscribe\\?token=[\\w.-]+>$`),
    );
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('never mails a blocked domain', async () => {
    const org = await organisation();
    await t.database.db
      .insert(subscriptionBlocks)
      .values({ organisationId: org.id, kind: 'domain', value: 'spam.example' });
    expect(
      (await subscribe(org.slug, { email: 'x@spam.example', source: 'subscribe_button' })).statusCode,
    ).toBe(202);
    expect(await mailsTo('x@spam.example')).toHaveLength(0);
    expect(await subscriberRow(org.id, 'x@spam.example')).toBeUndefined();
  });

  it(`sends at most ${subscriptionLimits.confirmationMailsPerAddressPerDay} confirmation mails per address per day`, async () => {
    const org = await organisation();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await subscribe(org.slug, {
        email: 'eager@customer.example',
        source: 'subscribe_button',
      });
      expect(response.statusCode).toBe(202);
    }
    expect(await mailsTo('eager@customer.example')).toHaveLength(
      subscriptionLimits.confirmationMailsPerAddressPerDay,
    );
  });

  it('rate limits one client address: 429 rate_limited', async () => {
    const org = await organisation();
    const ip = nextClient();
    for (let attempt = 0; attempt < subscriptionLimits.subscribeRequestsPerIpPerMinute; attempt++) {
      const response = await subscribe(
        org.slug,
        { email: `n${attempt}@customer.example`, source: 'subscribe_button' },
        ip,
      );
      expect(response.statusCode).toBe(202);
    }
    const limited = await subscribe(
      org.slug,
      { email: 'late@customer.example', source: 'subscribe_button' },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('rate limits one e-mail address from many clients: 429 rate_limited', async () => {
    const org = await organisation();
    for (let attempt = 0; attempt < subscriptionLimits.subscribeRequestsPerAddressPerHour; attempt++) {
      const response = await subscribe(org.slug, {
        email: 'target@customer.example',
        source: 'subscribe_button',
      });
      expect(response.statusCode).toBe(202);
    }
    const limited = await subscribe(org.slug, {
      email: 'Target@customer.example',
      source: 'subscribe_button',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: messages.rateLimited } });
  });

  it.each([
    ['a missing e-mail', { source: 'subscribe_button' }],
    ['an empty e-mail', { email: '   ', source: 'subscribe_button' }],
    ['no @', { email: 'ada.customer.example', source: 'subscribe_button' }],
    ['two @', { email: 'ada@@customer.example', source: 'subscribe_button' }],
    ['spaces inside', { email: 'ada lovelace@customer.example', source: 'subscribe_button' }],
    ['10 000 characters', { email: `${'a'.repeat(9_980)}@customer.example`, source: 'subscribe_button' }],
  ])('rejects %s with 400 naming the email field', async (_name, body) => {
    const org = await organisation();
    const response = await subscribe(org.slug, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(Object.keys(response.json().error.fields)).toEqual(['body.email']);
  });

  it('rejects an unknown source with 400 naming the source field', async () => {
    const org = await organisation();
    const response = await subscribe(org.slug, { email: 'ada@customer.example', source: 'carrier_pigeon' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['body.source']);
  });

  it('answers 403 forbidden when the organisation has subscribing turned off, and mails nobody', async () => {
    const org = await organisation({ subscribeEnabled: false });
    const response = await subscribe(org.slug, { email: 'ada@customer.example', source: 'subscribe_button' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: messages.subscribeDisabled } });
    expect(await subscriberRow(org.id, 'ada@customer.example')).toBeUndefined();
  });
});

describe('confirming', () => {
  async function pendingSubscription(email = 'ada@customer.example') {
    const org = await organisation();
    await subscribe(org.slug, { email, source: 'subscribe_button' });
    const [mail] = await mailsTo(email);
    const link = linkIn(mail!);
    return { org, link, token: link.searchParams.get('token')! };
  }

  it('GET of the link shows a confirm form and changes nothing; posting it confirms and redirects', async () => {
    const { org, link, token } = await pendingSubscription();
    const page = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`action="/${org.slug}/subscribe/confirm" method="post"`);
    expect(page.body).not.toContain('<script');
    // Branded like the portal (decision 264): its stylesheet, the accent and the organisation's name.
    expect(page.body).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
    expect(page.body).toMatch(/<html lang="en" dir="ltr" style="--brand:#[0-9a-f]{6};/i);
    expect(page.body).toContain(`data-testid="organisation-name">${org.name}</span>`);
    expect((await subscriberRow(org.id, 'ada@customer.example'))?.status).toBe('pending');

    const confirmed = await postConfirmForm(org.slug, token);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/${org.slug}?subscribeStatus=Confirmed`);
    const row = await subscriberRow(org.id, 'ada@customer.example');
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmedAt).toBeInstanceOf(Date);
  });

  it('confirms through the JSON call without a cookie or CSRF header', async () => {
    const { org, token } = await pendingSubscription('json@customer.example');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${org.slug}/subscribe/confirm`,
      payload: { token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'Confirmed' });
  });

  it('uses a confirmation once: after unsubscribing, the old link does not subscribe again', async () => {
    const email = 'once@customer.example';
    const { org, token } = await pendingSubscription(email);
    const confirm = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/statuspage/share/${org.slug}/subscribe/confirm`,
        payload: { token: value },
      });
    expect((await confirm(token)).json()).toEqual({ status: 'Confirmed' });
    expect((await confirm(token)).json()).toEqual({ status: 'Confirmed' });
    const unsubscribe = await t.app.inject({
      method: 'POST',
      url: `/api/statuspage/share/${org.slug}/unsubscribe`,
      payload: { token: await signUnsubscribeToken(t.database.db, org, email) },
    });
    expect(unsubscribe.statusCode).toBe(200);

    expect((await confirm(token)).json()).toEqual({ status: 'TokenInvalid' });
    expect((await subscriberRow(org.id, email))?.status).toBe('unsubscribed');
    expect((await postConfirmForm(org.slug, token)).headers.location).toBe(
      `/${org.slug}?subscribeStatus=TokenInvalid`,
    );
  });

  it('answers Blocked when the address was blocked after the mail went out', async () => {
    const { org, token } = await pendingSubscription('later@customer.example');
    await t.database.db
      .insert(subscriptionBlocks)
      .values({ organisationId: org.id, kind: 'email', value: 'later@customer.example' });
    const response = await postConfirmForm(org.slug, token);
    expect(response.headers.location).toBe(`/${org.slug}?subscribeStatus=Blocked`);
    expect((await subscriberRow(org.id, 'later@customer.example'))?.status).toBe('pending');
  });

  it('answers TokenInvalid for expired, tampered, other-organisation and unsubscribe tokens', async () => {
    const { org, token } = await pendingSubscription('ada@customer.example');
    const other = await organisation();
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const expired = await signedWithInstallSecret(
      { purpose: 'subscribe_confirm' },
      org.id,
      Math.floor(Date.now() / 1000) - 1,
    );
    const valid = await signedWithInstallSecret({ purpose: 'subscribe_confirm' }, org.id, inAnHour);
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        sub: 'eve@attacker.example',
      }),
    ).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${token.split('.')[2]}`;
    const unsubscribeToken = await signUnsubscribeToken(t.database.db, org, 'ada@customer.example');

    for (const [slug, candidate] of [
      [org.slug, expired],
      [org.slug, tampered],
      [org.slug, unsubscribeToken],
      [org.slug, 'not-a-token'],
      [other.slug, token],
    ] as const) {
      const response = await postConfirmForm(slug, candidate);
      expect(response.headers.location).toBe(`/${slug}?subscribeStatus=TokenInvalid`);
    }
    expect((await subscriberRow(org.id, 'ada@customer.example'))?.status).toBe('pending');
    expect(await subscriberRow(org.id, 'eve@attacker.example')).toBeUndefined();
    expect((await postConfirmForm(org.slug, valid)).headers.location).toBe(
      `/${org.slug}?subscribeStatus=Confirmed`,
    );
  });
});

describe('unsubscribing', () => {
  async function confirmedSubscriber(email: string) {
    const org = await organisation();
    await t.database.db
      .insert(subscribers)
      .values({ organisationId: org.id, email, source: 'subscribe_button', status: 'confirmed' });
    return org;
  }

  it('unsubscribes with a JSON token, without a cookie, and repeating it is harmless', async () => {
    const org = await confirmedSubscriber('leaving@customer.example');
    const token = await signUnsubscribeToken(t.database.db, org, 'leaving@customer.example');
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/statuspage/share/${org.slug}/unsubscribe`,
        payload: { token },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'unsubscribed' });
    }
    const row = await subscriberRow(org.id, 'leaving@customer.example');
    expect(row?.status).toBe('unsubscribed');
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('accepts the RFC 8058 one-click post from the List-Unsubscribe header', async () => {
    const org = await confirmedSubscriber('oneclick@customer.example');
    const headers = await unsubscribeHeaders(
      { db: t.database.db, config: t.config },
      org,
      'oneclick@customer.example',
    );
    const url = new URL(headers['List-Unsubscribe']!.slice(1, -1));
    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: headers['List-Unsubscribe-Post']!,
    });
    expect(response.statusCode).toBe(200);
    expect((await subscriberRow(org.id, 'oneclick@customer.example'))?.status).toBe('unsubscribed');
  });

  it('answers 400 token_invalid for a missing, tampered or other-organisation token', async () => {
    const org = await confirmedSubscriber('staying@customer.example');
    const other = await organisation();
    const token = await signUnsubscribeToken(t.database.db, other, 'staying@customer.example');
    for (const payload of [{}, { token: `${token}x` }, { token }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/statuspage/share/${org.slug}/unsubscribe`,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'token_invalid', message: messages.tokenInvalid } });
    }
    expect((await subscriberRow(org.id, 'staying@customer.example'))?.status).toBe('confirmed');
  });
});
