import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisations } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInForSession } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signedInEditor() {
  const { organisation } = await createOrganisation(t.database.db, { name: 'Initech' });
  const user = await createStaffUser(t.database.db, organisation.id, { role: 'editor' });
  return { organisation, session: await signInForSession(t.app, user.email) };
}

function patch(session: Awaited<ReturnType<typeof signedInEditor>>['session'], payload: object) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/staff/organisation',
    cookies: session.cookies,
    headers: session.headers,
    payload,
  });
}

async function storedCustomisation(id: string) {
  const [row] = await t.database.db.select().from(organisations).where(eq(organisations.id, id));
  return row!.customisation as Record<string, unknown>;
}

const contactSupport = { onClickAction: 'send_email', supportUrl: '', isEnabled: true } as const;
const reportIssue = {
  onClickAction: 'direct_to_site',
  reportUrl: 'https://initech.example/security',
  isEnabled: true,
} as const;

describe('help and banner settings (PATCH /api/staff/organisation)', () => {
  it('starts with both help rows off and no banner', async () => {
    const { session } = await signedInEditor();
    const response = await t.app.inject({ url: '/api/staff/organisation', cookies: session.cookies });
    expect(response.json().customisation).toMatchObject({
      supportMailbox: null,
      securityMailbox: null,
      contactSupport: { onClickAction: 'send_email', supportUrl: null, isEnabled: false },
      reportIssue: { onClickAction: 'send_email', reportUrl: null, isEnabled: false },
      securityReviewBanner: 'none',
      askInformation: false,
    });
  });

  it('saves mailboxes, both rows and the banner; saving the same again writes nothing', async () => {
    const { organisation, session } = await signedInEditor();
    const payload = {
      customisation: {
        supportMailbox: ' Support@Initech.example ',
        securityMailbox: 'security@initech.example',
        contactSupport,
        reportIssue,
        securityReviewBanner: 'medium',
        askInformation: true,
      },
    };
    const response = await patch(session, payload);
    expect(response.statusCode).toBe(200);
    const expected = {
      supportMailbox: 'support@initech.example',
      securityMailbox: 'security@initech.example',
      contactSupport: { ...contactSupport, supportUrl: null },
      reportIssue,
      securityReviewBanner: 'medium',
      askInformation: true,
    };
    expect(response.json().customisation).toMatchObject(expected);
    expect(await storedCustomisation(organisation.id)).toMatchObject(expected);

    // Help rows are objects: an unchanged row must not count as a change.
    expect((await patch(session, payload)).statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), ne(auditLog.action, 'staff.signed_in')));
    expect(audits).toHaveLength(1);
  });

  it('answers a bad mailbox, a javascript: or schemeless URL and a half row with 400 naming the field', async () => {
    const { organisation, session } = await signedInEditor();
    const cases: [object, string][] = [
      [{ supportMailbox: 'not-an-address' }, 'body.customisation.supportMailbox'],
      [{ securityMailbox: 'security@' }, 'body.customisation.securityMailbox'],
      [
        { contactSupport: { ...contactSupport, supportUrl: 'javascript:alert(1)' } },
        'body.customisation.contactSupport.supportUrl',
      ],
      [
        { reportIssue: { ...reportIssue, reportUrl: 'initech.example/report' } },
        'body.customisation.reportIssue.reportUrl',
      ],
      [
        { reportIssue: { ...reportIssue, onClickAction: 'phone' } },
        'body.customisation.reportIssue.onClickAction',
      ],
      [{ contactSupport: { isEnabled: true } }, 'body.customisation.contactSupport.onClickAction'],
      [{ securityReviewBanner: 'large' }, 'body.customisation.securityReviewBanner'],
    ];
    for (const [customisation, field] of cases) {
      const response = await patch(session, { name: 'Should Not Save', customisation });
      expect(response.statusCode, JSON.stringify(customisation)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(customisation)).toContain(field);
    }
    const [row] = await t.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, organisation.id));
    expect(row!.name).toBe('Initech');
    expect(await storedCustomisation(organisation.id)).not.toHaveProperty('supportMailbox');
  });
});
