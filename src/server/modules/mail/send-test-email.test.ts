import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { MailboxMessage } from './mailbox-message';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signedInStaff() {
  const { organisation } = await createOrganisation(t.database.db, { name: 'Initech' });
  const staff = await createStaffUser(t.database.db, organisation.id, { name: 'Peter Gibbons' });
  const session = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    staffUserId: staff.id,
  });
  return { organisation, staff, session };
}

describe('POST /api/staff/test-email', () => {
  it('asks for a signed-in staff member', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/staff/test-email' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('refuses a request without the CSRF token of the session', async () => {
    const { session } = await signedInStaff();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/test-email',
      cookies: session.cookies,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_failed');
  });

  it('queues a test e-mail to the staff member, audits it, and delivers it to the dev mailbox', async () => {
    const { organisation, staff, session } = await signedInStaff();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/test-email',
      cookies: session.cookies,
      headers: session.headers,
    });
    expect(response.statusCode).toBe(202);
    const { outboxMessageId } = response.json<{ outboxMessageId: string }>();

    const [queued] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, outboxMessageId));
    expect(queued).toMatchObject({
      toAddress: staff.email,
      organisationId: organisation.id,
      status: 'pending',
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), eq(auditLog.target, outboxMessageId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorStaffUserId: staff.id,
      action: 'mail.test_email_sent',
      data: { to: staff.email },
    });

    await t.providers.jobs.drain();
    const mailbox = await t.app.inject({
      url: `/dev/mailbox/messages?to=${encodeURIComponent(staff.email)}`,
    });
    const messages = mailbox.json<MailboxMessage[]>();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      to: staff.email,
      // In the organisation's name, from MAIL_FROM's address (SPF and DKIM still align).
      from: `"Initech Trust Center" <${t.config.mailFrom.match(/<([^<>]+)>/)?.[1] ?? t.config.mailFrom}>`,
      subject: "Test e-mail from Initech's trust center",
      messageId: queued!.messageId,
    });
    expect(messages[0]?.text).toContain('Hello Peter Gibbons,');
  });
});
