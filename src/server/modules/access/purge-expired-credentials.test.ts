// @postgres: deletes chosen by SQL date arithmetic
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byoidTokenUses, jobs, sessions, signInTokens } from '../../db/schema';
import { enqueueDueRecurringJobs } from '../../jobs';
import { createAccountMember, createOrganisation } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { purgeCredentialsQueue, purgeExpiredCredentials } from './purge-expired-credentials';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('purging expired credentials', () => {
  it('deletes expired sessions, sign-in links and byoid token records, keeping live ones', async () => {
    const db = t.database.db;
    const { organisation } = await createOrganisation(db);
    const { member } = await createAccountMember(db, organisation.id);
    const live = await createTestSession(db, { organisationId: organisation.id, accountMemberId: member.id });
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 10 * 60_000);
    await db.insert(sessions).values({
      id: `expired-${randomUUID()}`,
      kind: 'member',
      organisationId: organisation.id,
      accountMemberId: member.id,
      csrfToken: 'x',
      expiresAt: past,
    });
    await db.insert(signInTokens).values([
      {
        id: `old-${randomUUID()}`,
        organisationId: organisation.id,
        accountMemberId: member.id,
        expiresAt: past,
      },
      {
        id: `new-${randomUUID()}`,
        organisationId: organisation.id,
        accountMemberId: member.id,
        expiresAt: future,
      },
    ]);
    await db.insert(byoidTokenUses).values([
      { id: `old-${randomUUID()}`, organisationId: organisation.id, expiresAt: past },
      { id: `new-${randomUUID()}`, organisationId: organisation.id, expiresAt: future },
    ]);

    expect(await purgeExpiredCredentials(db)).toEqual({ sessions: 1, signInLinks: 1, byoidTokenUses: 1 });
    expect(await db.select().from(sessions)).toHaveLength(1);
    expect((await db.select().from(signInTokens)).map((row) => row.expiresAt)).toEqual([future]);
    expect((await db.select().from(byoidTokenUses)).map((row) => row.expiresAt)).toEqual([future]);
    // The live session still signs its member in.
    const view = await t.app.inject({
      url: `/api/statuspage/share/${organisation.slug}/view`,
      cookies: live.cookies,
    });
    expect(view.json().viewer.member?.email).toBe(member.email);
    expect(await purgeExpiredCredentials(db)).toEqual({ sessions: 0, signInLinks: 0, byoidTokenUses: 0 });
  });

  it('runs as a recurring job, registered with the queue', async () => {
    expect(await enqueueDueRecurringJobs(t)).toContain(purgeCredentialsQueue);
    await t.providers.jobs.drain();
    const [job] = (await t.database.db.select().from(jobs)).filter(
      (row) => row.queue === purgeCredentialsQueue,
    );
    expect(job).toMatchObject({ state: 'completed' });
  });
});
