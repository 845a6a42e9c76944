import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishOrganisationChanged } from '../../core/publish-organisation-changed';
import { accountMembers, organisations, permissionProfileItems } from '../../db/schema';
import {
  createAccountMember,
  createItem,
  createOrganisation,
  createPermissionProfile,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An organisation with one public item, one restricted item and one restricted-hidden item. */
async function setUp(name = 'Shared Bodies Co') {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { name });
  const marker = (kind: string) => `${kind}-${organisation.slug}-marker`;
  await createItem(db, product, { cardKind: 'DataSecurity', title: marker('public'), isPublic: true });
  await createItem(db, product, {
    cardKind: 'DataSecurity',
    title: marker('restricted'),
    explanation: marker('restricted-content'),
    isPublic: false,
  });
  const hidden = await createItem(db, product, {
    cardKind: 'DataSecurity',
    title: marker('profile-only'),
    isPublic: false,
    isHidden: true,
  });
  const profile = await createPermissionProfile(db, organisation.id, { itemIds: [hidden.id] });
  const signIn = async (account: Parameters<typeof createAccountMember>[2], firstName: string) => {
    const { member } = await createAccountMember(db, organisation.id, account);
    // The factory names everyone Casey; each member here has their own name to find in the answer.
    await db.update(accountMembers).set({ firstName }).where(eq(accountMembers.id, member.id));
    return (await createTestSession(db, { organisationId: organisation.id, accountMemberId: member.id }))
      .cookies;
  };
  return { organisation, product, marker, profile, signIn };
}

function decode(payload: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
  return payload.toString('utf8');
}

const viewUrl = (slug: string) => `/api/statuspage/share/${slug}/view`;

describe('shared response bodies', () => {
  it('sends the same anonymous view in the encoding each client accepts, varying by Accept-Encoding', async () => {
    const { organisation } = await setUp();
    const answers = new Map<string, string>();
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['deflate', undefined],
      [undefined, undefined],
    ] as const) {
      const response = await t.app.inject({
        url: viewUrl(organisation.slug),
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(response.headers.vary).toMatch(/Cookie/);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      answers.set(String(accept), decode(response.rawPayload, response.headers['content-encoding']));
    }
    expect(new Set(answers.values()).size).toBe(1);
    expect(JSON.parse([...answers.values()][0]!).organisation.name).toBe('Shared Bodies Co');
  });

  it('answers If-None-Match with 304 until an edit changes the content, for the view and the page', async () => {
    const { organisation } = await setUp('Before Edit Co');
    for (const url of [viewUrl(organisation.slug), `/${organisation.slug}`]) {
      const first = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const etag = String(first.headers.etag);
      expect(first.statusCode).toBe(200);
      const again = await t.app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      // The client's copy is the same content in another encoding: still not modified.
      const gzipClient = await t.app.inject({
        url,
        headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
      });
      expect(gzipClient.statusCode, url).toBe(304);
      expect(gzipClient.headers.etag).not.toBe(etag);
    }
    const etags = await Promise.all(
      [viewUrl(organisation.slug), `/${organisation.slug}`].map(
        async (url) => (await t.app.inject({ url, headers: { 'accept-encoding': 'br' } })).headers.etag,
      ),
    );
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(organisations)
        .set({ name: 'After Edit Co' })
        .where(eq(organisations.id, organisation.id));
      await publishOrganisationChanged(tx, organisation.id);
    });
    for (const [index, url] of [viewUrl(organisation.slug), `/${organisation.slug}`].entries()) {
      const response = await t.app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(etags[index]) },
      });
      expect(response.statusCode, url).toBe(200);
      expect(decode(response.rawPayload, 'br')).toContain('After Edit Co');
      expect(response.headers.etag).not.toBe(etags[index]);
    }
  });

  it("never serves a restricted viewer's bytes to an anonymous one, or one member's to another shape", async () => {
    const { organisation, marker, profile, signIn } = await setUp();
    const withProfile = await signIn({ reviewStatus: 'approved', permissionProfileId: profile.id }, 'Pat');
    const approved = await signIn({ reviewStatus: 'approved' }, 'Robin');
    const pending = await signIn({ reviewStatus: 'pending' }, 'Sam');
    const viewers = { withProfile, approved, pending, anonymous: {} };
    const visible = {
      withProfile: ['public', 'restricted-content', 'profile-only', 'Pat'],
      approved: ['public', 'restricted-content', 'Robin'],
      pending: ['public', 'Sam'],
      anonymous: ['public'],
    };
    const everything = ['public', 'restricted-content', 'profile-only'];
    // Twice over, in both orders, so each viewer reads after every other one filled the cache.
    const order = Object.keys(viewers) as (keyof typeof viewers)[];
    for (const sequence of [order, [...order].reverse(), order]) {
      for (const name of sequence) {
        for (const url of [viewUrl(organisation.slug), `/${organisation.slug}`]) {
          for (const accept of ['gzip, deflate, br, zstd', 'br', '']) {
            const response = await t.app.inject({
              url,
              cookies: viewers[name],
              headers: accept ? { 'accept-encoding': accept } : {},
            });
            expect(response.statusCode).toBe(200);
            const body = decode(response.rawPayload, response.headers['content-encoding']);
            for (const kind of everything) {
              const isVisible = visible[name].includes(kind);
              expect(body.includes(marker(kind)), `${url} ${name} ${accept} ${kind}`).toBe(isVisible);
            }
            for (const person of ['Pat', 'Robin', 'Sam']) {
              expect(body.includes(`"firstName":"${person}"`), `${url} ${name} sees ${person}`).toBe(
                visible[name].includes(person),
              );
            }
          }
        }
      }
    }
  });

  it("joins a member's own summary into their shape's shared gzip bytes, valid for any decoder", async () => {
    const { organisation, signIn } = await setUp();
    const first = await signIn({ reviewStatus: 'approved' }, 'Alex');
    const second = await signIn({ reviewStatus: 'approved' }, 'Jordan');
    const bodies = [];
    for (const cookies of [first, second]) {
      const response = await t.app.inject({
        url: viewUrl(organisation.slug),
        cookies,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.etag).toBeUndefined();
      const plain = await t.app.inject({ url: viewUrl(organisation.slug), cookies });
      const view = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
      expect(view).toEqual(plain.json());
      bodies.push(view);
    }
    expect(bodies.map((view) => view.viewer.member.firstName)).toEqual(['Alex', 'Jordan']);
    expect({ ...bodies[0], viewer: null }).toEqual({ ...bodies[1], viewer: null });
    const brOnly = await t.app.inject({
      url: viewUrl(organisation.slug),
      cookies: first,
      headers: { 'accept-encoding': 'br' },
    });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(brOnly.rawPayload, 'br')).viewer.member.firstName).toBe('Alex');
  });

  it("follows a change of a permission profile's items at once, though the revision did not move", async () => {
    const { organisation, product, marker, signIn } = await setUp();
    const db = t.database.db;
    const restrictedHidden = await createItem(db, product, {
      cardKind: 'DataSecurity',
      title: marker('late-grant'),
      isPublic: false,
      isHidden: true,
    });
    const profile = await createPermissionProfile(db, organisation.id);
    const cookies = await signIn({ reviewStatus: 'approved', permissionProfileId: profile.id }, 'Lee');
    const read = async () => (await t.app.inject({ url: viewUrl(organisation.slug), cookies })).body;
    expect(await read()).not.toContain(marker('late-grant'));
    await createPermissionProfile(db, organisation.id); // another profile: nothing changes for Lee
    await db
      .insert(permissionProfileItems)
      .values({ permissionProfileId: profile.id, itemId: restrictedHidden.id });
    expect(await read()).toContain(marker('late-grant'));
  });
});
