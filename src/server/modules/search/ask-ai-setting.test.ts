import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { StaffRole } from '../../../shared/permissions';
import { auditLog, organisations } from '../../db/schema';
import { createAccountMember, createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Ask AI for a real organisation (issue 16 item 10): staff turn genAiEnabled on in the settings.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setUp(app: TestApp, role?: StaffRole) {
  const db = app.database.db;
  const { organisation } = await createOrganisation(db);
  const staff = await createStaffUser(db, organisation.id, { role });
  const { member } = await createAccountMember(db, organisation.id);
  return {
    organisation,
    staffSession: await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id }),
    memberSession: await createTestSession(db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    }),
  };
}

type Session = { cookies: Record<string, string>; headers: Record<string, string> };

function patchSettings(session: Session, customisation: object) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/staff/organisation',
    cookies: session.cookies,
    headers: session.headers,
    payload: { customisation },
  });
}

async function memberSeesAskAi(slug: string, session: Session) {
  const response = await t.app.inject({
    url: `/api/statuspage/share/${slug}/search/setup`,
    cookies: session.cookies,
  });
  expect(response.statusCode).toBe(200);
  return response.json().isAnswerAvailable as boolean;
}

describe('genAiEnabled in the organisation settings', () => {
  it('staff with statuspage:edit turn Ask AI on and off for signed-in accounts, with an audit row', async () => {
    const { organisation, staffSession, memberSession } = await setUp(t);
    expect(await memberSeesAskAi(organisation.slug, memberSession)).toBe(false);

    const on = await patchSettings(staffSession, { genAiEnabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().customisation.genAiEnabled).toBe(true);
    expect(await memberSeesAskAi(organisation.slug, memberSession)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, organisation.id));
    expect(row!.customisation).toMatchObject({ genAiEnabled: true });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organisationId, organisation.id),
          eq(auditLog.action, 'organisation.settings_updated'),
        ),
      );
    expect(audits.map((audit) => audit.data)).toEqual([
      { changes: { 'customisation.genAiEnabled': { from: false, to: true } } },
    ]);

    const off = await patchSettings(staffSession, { genAiEnabled: false });
    expect(off.json().customisation.genAiEnabled).toBe(false);
    expect(await memberSeesAskAi(organisation.slug, memberSession)).toBe(false);
  });

  it('refuses staff without statuspage:edit (403) and a value that is not a switch (400 naming it)', async () => {
    const reader = await setUp(t, 'viewer');
    const refused = await patchSettings(reader.staffSession, { genAiEnabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.roleForbidden('Viewer'));
    expect(await memberSeesAskAi(reader.organisation.slug, reader.memberSession)).toBe(false);

    const editor = await setUp(t);
    const invalid = await patchSettings(editor.staffSession, { genAiEnabled: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json().error)).toContain('genAiEnabled');
  });
});

describe('GET /api/staff/ask-ai', () => {
  it('says the built-in answerer writes answers when no AI provider is configured, and follows the plan', async () => {
    const { staffSession } = await setUp(t);
    const read = () => t.app.inject({ url: '/api/staff/ask-ai', cookies: staffSession.cookies });
    expect((await read()).json()).toEqual({ answerer: 'built_in', planIncludesAi: true });

    const plan = await t.app.inject({
      method: 'PATCH',
      url: '/api/staff/plan-features',
      cookies: staffSession.cookies,
      headers: staffSession.headers,
      payload: { trustCenterAi: false },
    });
    expect(plan.statusCode).toBe(200);
    expect((await read()).json()).toEqual({ answerer: 'built_in', planIncludesAi: false });
  });

  it('needs a staff session', async () => {
    const { memberSession } = await setUp(t);
    expect((await t.app.inject({ url: '/api/staff/ask-ai' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/staff/ask-ai', cookies: memberSession.cookies })).statusCode,
    ).toBe(401);
  });

  it('names the language model as the answerer when an AI provider is configured', async () => {
    const withModel = await createTestApp({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'local-test' });
    try {
      const { staffSession } = await setUp(withModel);
      const response = await withModel.app.inject({
        url: '/api/staff/ask-ai',
        cookies: staffSession.cookies,
      });
      expect(response.json()).toEqual({ answerer: 'language_model', planIncludesAi: true });
    } finally {
      await withModel.close();
    }
  });
});
