import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signUnsubscribeToken, verifyConfirmationToken, verifyUnsubscribeToken } from './subscription-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const organisation = { id: '6f1d2a52-3b5e-4a57-9d43-0b9f0c7a1e11' };

describe('subscription tokens', () => {
  it('verifies tokens signed with the raw secret bytes, as links already in mailboxes were', async () => {
    const issued = await signUnsubscribeToken(t.database.db, organisation, 'reader@customer.example');
    const [row] = await t.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'subscription_token_secret'));
    const rawSecret = new Uint8Array(Buffer.from(row!.value, 'base64url'));
    const legacy = await new SignJWT({ purpose: 'unsubscribe' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('old-reader@customer.example')
      .setAudience(organisation.id)
      .setIssuedAt()
      .sign(rawSecret);
    expect(await verifyUnsubscribeToken(t.database.db, organisation, legacy)).toBe(
      'old-reader@customer.example',
    );
    expect(await verifyUnsubscribeToken(t.database.db, organisation, issued)).toBe('reader@customer.example');
  });

  it('refuses a token for another purpose, another organisation, or tampered with', async () => {
    const issued = await signUnsubscribeToken(t.database.db, organisation, 'reader@customer.example');
    expect(await verifyConfirmationToken(t.database.db, organisation, issued)).toBeNull();
    expect(await verifyUnsubscribeToken(t.database.db, { id: crypto.randomUUID() }, issued)).toBeNull();
    const [header, payload, signature] = issued.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        sub: 'victim@customer.example',
      }),
    ).toString('base64url');
    expect(
      await verifyUnsubscribeToken(t.database.db, organisation, `${header}.${forged}.${signature}`),
    ).toBeNull();
  });
});
