import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenMessages, type CreatedAccessToken } from '../../../shared/access-tokens';
import type { PortalView } from '../../../shared/portal';
import { findOrganisationBySlug } from '../../core';
import {
  accessRequests,
  accountMembers,
  accounts,
  analyticsEvents,
  auditLog,
  staffUsers,
} from '../../db/schema';
import { seedDemoOrganisation } from '../../seed/demo';
import { createAccountMember, createOrganisation } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let baseUrl: string;
let hank: Awaited<ReturnType<typeof createTestSession>>;
let hankId: string;
let globexId: string;
let staff: Awaited<ReturnType<typeof createTestSession>>;
let lockedItem: { itemUid: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrganisation(t.database.db, {
    adminPassword: 'demo password 1234',
    storage: t.providers.storage,
  });
  const db = t.database.db;
  const organisation = (await findOrganisationBySlug(db, 'acme'))!;
  const [member] = await db
    .select()
    .from(accountMembers)
    .where(eq(accountMembers.email, 'hank.scorpio@globex.example'));
  hankId = member!.id;
  globexId = member!.accountId;
  hank = await createTestSession(db, { organisationId: organisation.id, accountMemberId: member!.id });
  const [admin] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.organisationId, organisation.id))
    .limit(1);
  staff = await createTestSession(db, { organisationId: organisation.id, staffUserId: admin!.id });
  const view = (await t.app.inject({ url: '/api/statuspage/share/acme/view' })).json() as PortalView;
  const locked = view.cards.flatMap((card) => card.items).find((item) => item.isLocked)!;
  lockedItem = { itemUid: locked.itemUid, title: locked.title };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function createToken(session = hank, name = 'Claude Desktop'): Promise<CreatedAccessToken> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/statuspage/share/acme/access-tokens',
    cookies: session.cookies,
    headers: session.headers,
    payload: { name, expiresInDays: 30 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The MCP SDK's own client over HTTP, anonymous or with a bearer token. */
async function connect(token?: string, org = 'acme') {
  const client = new Client({ name: 'attest-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/${org}/mcp`), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
  });
  await client.connect(transport);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const [content] = result.content as Array<{ type: string; text: string }>;
  // biome-ignore lint/suspicious/noExplicitAny: a tool's JSON, read field by field by the assertions
  const value = result.structuredContent as any;
  return { isError: result.isError === true, text: content!.text, value };
}

describe('llms.txt', () => {
  it('describes the trust center with what the caller may read, and points agents to the MCP server', async () => {
    const response = await t.app.inject({ url: '/acme/llms.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^# Acme Cloud Trust Center\n\n> /);
    expect(response.body).toContain('(http://attest.test/acme/mcp)');
    expect(response.body).toContain('## Documents');
    // The server's own host holds one organisation here (this block runs before any other is made).
    const root = await t.app.inject({ url: '/llms.txt' });
    expect([root.statusCode, root.headers.location]).toEqual([302, '/acme/llms.txt']);
  });
});

describe('the MCP server', () => {
  it('serves anonymous callers what the public sees: tools, the page resource, locked items locked', async () => {
    const client = await connect();
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(tools).toEqual([
      'ask',
      'get_item',
      'get_updates',
      'list_certifications',
      'list_documents',
      'list_subprocessors',
      'request_access',
      'search',
    ]);
    const item = await callTool(client, 'get_item', { item: lockedItem.itemUid });
    expect(item.value).toMatchObject({ title: lockedItem.title, locked: true, explanation: null });
    const documents = (await callTool(client, 'list_documents')).value.documents as Array<{
      access: string;
      canDownload: boolean;
      downloadUrl: string | null;
    }>;
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents.filter((entry) => entry.access === 'restricted')) {
      expect(document).toMatchObject({ canDownload: false, downloadUrl: null });
    }
    const listed = (await callTool(client, 'list_certifications')).value;
    expect(listed.certifications.map((entry: { title: string }) => entry.title)).toContain('ISO 27001');
    const soc2 = listed.reports.find((entry: { title: string }) => entry.title.startsWith('SOC 2'));
    expect(soc2).toMatchObject({ access: 'restricted', locked: true, auditor: null });
    const subprocessors = (await callTool(client, 'list_subprocessors')).value.subprocessors;
    expect(subprocessors.length).toBeGreaterThan(0);
    const updates = (await callTool(client, 'get_updates', { category: 'compliance' })).value.updates;
    for (const update of updates) expect(update.category).toBe('compliance');
    const found = await callTool(client, 'search', { query: 'encryption' });
    expect(found.value.total).toBeGreaterThan(0);
    const page = await client.readResource({ uri: 'trust-center://acme/page' });
    expect(JSON.parse((page.contents[0] as { text: string }).text).viewer.mode).toBe('public');
    const unknown = await callTool(client, 'get_item', { item: 'No such control' });
    expect(unknown).toMatchObject({ isError: true, text: 'No item "No such control" on this trust center' });
    await client.close();
  });

  it('acts with exactly a member’s access through their token, and records each use in their engagement', async () => {
    const { token, view } = await createToken();
    expect(token).toMatch(/^attest_pat_[A-Za-z0-9_-]{43}$/);
    expect(view.prefix).toBe(`${token.slice(0, 15)}…`);
    const client = await connect(token);
    const item = await callTool(client, 'get_item', { item: lockedItem.itemUid });
    expect(item.value).toMatchObject({ locked: false });
    expect(item.value.explanation).not.toBeNull();
    const documents = (await callTool(client, 'list_documents')).value.documents;
    expect(
      documents.some(
        (entry: { access: string; canDownload: boolean }) =>
          entry.access === 'restricted' && entry.canDownload,
      ),
    ).toBe(true);
    await client.close();
    const events = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.name, 'agent_call'), eq(analyticsEvents.accountMemberId, hankId)));
    expect(events.map((event) => event.subject)).toEqual(
      expect.arrayContaining(['MCP get_item', 'MCP list_documents']),
    );
    expect(events.every((event) => event.accountId === globexId)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const engagement = await t.app.inject({
      url: `/api/analytics/accounts/${globexId}?from=${today}&to=${today}`,
      cookies: staff.cookies,
    });
    expect(engagement.statusCode, engagement.body).toBe(200);
    expect(engagement.json().activity).toContainEqual(
      expect.objectContaining({
        kind: 'agent_call',
        person: 'hank.scorpio@globex.example',
        subject: 'MCP get_item',
      }),
    );
    const listed = await t.app.inject({
      url: '/api/statuspage/share/acme/access-tokens',
      cookies: hank.cookies,
    });
    expect(listed.json().tokens[0]).toMatchObject({ id: view.id, name: 'Claude Desktop' });
    expect(listed.json().tokens[0].lastUsedAt).not.toBeNull();
    expect(listed.body).not.toContain(token);
  });

  it('reads the visitor API with a token, but refuses a write made with one', async () => {
    const { token } = await createToken(hank, 'script');
    const bearer = { authorization: `Bearer ${token}` };
    const view = await t.app.inject({ url: '/api/statuspage/share/acme/view', headers: bearer });
    expect(view.json().viewer.mode).toBe('account_external');
    expect(view.headers['cache-control']).toBe('private, no-store');
    const productId = view.json().product.productId;
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/statuspage/share/acme/search',
      headers: bearer,
      payload: { query: { term: 'penetration', filters: { products: [productId] } } },
    });
    expect(search.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/statuspage/share/acme/access-tokens',
      headers: bearer,
      payload: { name: 'minted by a token' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toBe(accessTokenMessages.readOnly);
    // A proxy's own sign-in scheme is none of ours; a bearer that is not a token is refused by name.
    const basic = await t.app.inject({
      url: '/api/statuspage/share/acme/view',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.json().viewer.mode).toBe('public');
    const bogus = await t.app.inject({
      url: '/api/statuspage/share/acme/view',
      headers: { authorization: 'Bearer attest_pat_not-a-token' },
    });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json().error.message).toBe(accessTokenMessages.invalid);
  });

  it('ignores cookies: a signed-in browser session reaches the MCP server as the public', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/acme/mcp',
      cookies: hank.cookies,
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_item', arguments: { item: lockedItem.itemUid } },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.structuredContent).toMatchObject({ locked: true, explanation: null });
    expect((await t.app.inject({ url: '/acme/mcp' })).statusCode).toBe(405);
  });

  it('stops a token at once when it is revoked, by its member or by staff, or when the access ends', async () => {
    const own = await createToken(hank, 'revoked by me');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/statuspage/share/acme/access-tokens/${own.view.id}`,
      cookies: hank.cookies,
      headers: hank.headers,
    });
    expect(revoked.json().revokedAt).not.toBeNull();
    await expect(connect(own.token)).rejects.toThrow(accessTokenMessages.invalid);

    const byStaff = await createToken(hank, 'revoked by staff');
    const staffList = await t.app.inject({
      url: `/api/accounts/${globexId}/access-tokens`,
      cookies: staff.cookies,
    });
    expect(
      staffList
        .json()
        .tokens.map((entry: { name: string; memberEmail: string }) => [entry.name, entry.memberEmail]),
    ).toContainEqual(['revoked by staff', 'hank.scorpio@globex.example']);
    const staffRevoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${globexId}/access-tokens/${byStaff.view.id}`,
      cookies: staff.cookies,
      headers: staff.headers,
    });
    expect(staffRevoke.statusCode, staffRevoke.body).toBe(200);
    await expect(connect(byStaff.token)).rejects.toThrow(accessTokenMessages.invalid);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'access_token.revoke'));
    expect(audit?.target).toBe(byStaff.view.id);

    const organisation = (await findOrganisationBySlug(t.database.db, 'acme'))!;
    const { member, account } = await createAccountMember(t.database.db, organisation.id, {
      reviewStatus: 'approved',
    });
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    const leaver = await createToken(session, 'leaver');
    await (await connect(leaver.token)).close();
    await t.database.db
      .update(accounts)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(accounts.id, account.id));
    await expect(connect(leaver.token)).rejects.toThrow(accessTokenMessages.accessEnded);
    const afterwards = await t.app.inject({
      method: 'POST',
      url: '/api/statuspage/share/acme/access-tokens',
      cookies: session.cookies,
      headers: session.headers,
      payload: { name: 'again' },
    });
    expect(afterwards.statusCode).toBe(401);
  });

  it('files an access request through the tool exactly as the form does', async () => {
    const client = await connect();
    const missing = await callTool(client, 'request_access', {
      email: 'ciso@initech.example',
      firstName: 'Bill',
      lastName: 'Lumbergh',
      companyName: 'Initech',
      agreeToTerms: false,
    });
    expect(missing.isError).toBe(true);
    const filed = await callTool(client, 'request_access', {
      email: 'ciso@initech.example',
      firstName: 'Bill',
      lastName: 'Lumbergh',
      companyName: 'Initech',
      agreeToTerms: true,
    });
    expect(filed.isError, filed.text).toBe(false);
    expect(filed.value.email).toBe('ciso@initech.example');
    const [row] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'ciso@initech.example'));
    expect(row?.source).toBe('agent');
    await client.close();
  });

  it('says which trust center a token belongs to', async () => {
    const { token } = await createToken(hank, 'for acme');
    const other = await createOrganisation(t.database.db);
    await expect(connect(token, other.organisation.slug)).rejects.toThrow(
      accessTokenMessages.wrongOrganisation,
    );
  });
});
