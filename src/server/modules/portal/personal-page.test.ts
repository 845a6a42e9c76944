import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMembers } from '../../db/schema';
import { renderPortalDocument } from '../../render/portal-document';
import { loadWebBuild } from '../../render/web-build';
import { createOrganisation } from '../../test/factories';
import { pageData } from '../../test/page-data';
import { createSignedInMember, createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function memberOf(
  organisationId: string,
  accountId: string,
  names: { firstName: string; lastName: string; email: string },
) {
  const [member] = await t.database.db
    .insert(accountMembers)
    .values({ organisationId, accountId, ...names })
    .returning();
  return {
    member: member!,
    session: await createTestSession(t.database.db, { organisationId, accountMemberId: member!.id }),
  };
}

/** The whole document drawn for this page's own data, as a page rendered per request would be. */
async function renderedAlone(html: string, revision: number): Promise<string> {
  return renderPortalDocument(await loadWebBuild({ isWatching: false }), pageData(html), { revision });
}

describe("a signed-in member's portal page, shared by their access shape", () => {
  it("is byte for byte the page drawn for that member alone, with no other member's name, e-mail or token", async () => {
    const { organisation } = await createOrganisation(t.database.db, { name: 'Splice Co' });
    const {
      account,
      member: first,
      session: firstSession,
    } = await createSignedInMember(t.database.db, organisation.id, { name: 'Globex <Security> & "Friends"' });
    await t.database.db.update(accountMembers).set({ firstName: 'Zoë', lastName: "O'Brien <b>" });
    const second = await memberOf(organisation.id, account.id, {
      firstName: '',
      lastName: '',
      email: 'no-name&co@globex.example',
    });
    const build = await loadWebBuild({ isWatching: false });
    const renderPage = vi.spyOn(build.renderer, 'renderPortalPage');

    const pages = [];
    for (const session of [firstSession, second.session, firstSession]) {
      const response = await t.app.inject({ url: `/${organisation.slug}`, cookies: session.cookies });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.etag).toBeUndefined();
      pages.push(response.body);
    }
    // Drawn once for the shape; the later pages are that drawing with each member's parts spliced in.
    expect(renderPage).toHaveBeenCalledTimes(1);
    renderPage.mockRestore();

    const [firstPage, secondPage, firstAgain] = pages as [string, string, string];
    expect(firstAgain).toBe(firstPage);
    expect(firstPage).toBe(await renderedAlone(firstPage, organisation.revision));
    expect(secondPage).toBe(await renderedAlone(secondPage, organisation.revision));
    expect(pageData(firstPage).csrfToken).toBe(firstSession.csrfToken);
    expect(pageData(secondPage).csrfToken).toBe(second.session.csrfToken);
    expect(pageData(secondPage).view.viewer.member).toMatchObject({ email: 'no-name&co@globex.example' });
    expect(firstPage).toContain('aria-label="Account: Zoë O&#x27;Brien &lt;b&gt;"');
    expect(secondPage).toContain('aria-label="Account: no-name&amp;co@globex.example"');
    for (const other of ['Zoë', 'Brien', first.email, firstSession.csrfToken])
      expect(secondPage).not.toContain(other);
    expect(firstPage).not.toContain('no-name');
    expect(firstPage).not.toContain(second.session.csrfToken);
    expect(firstPage).not.toMatch(/attestpersonal/);
  });

  it('sends gzip joined from the shared segments that decodes to the same page', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const { session } = await createSignedInMember(t.database.db, organisation.id);
    const plain = await t.app.inject({ url: `/${organisation.slug}`, cookies: session.cookies });
    const gzip = await t.app.inject({
      url: `/${organisation.slug}`,
      cookies: session.cookies,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('keeps members of accounts in different review states apart', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const approved = await createSignedInMember(t.database.db, organisation.id, { name: 'Approved Co' });
    const pending = await createSignedInMember(t.database.db, organisation.id, {
      name: 'Pending Co',
      reviewStatus: 'pending',
    });
    for (const { member, session } of [approved, pending]) {
      const page = (await t.app.inject({ url: `/${organisation.slug}`, cookies: session.cookies })).body;
      expect(page).toBe(await renderedAlone(page, organisation.revision));
      expect(pageData(page).view.viewer.member?.email).toBe(member.email);
    }
  });
});
