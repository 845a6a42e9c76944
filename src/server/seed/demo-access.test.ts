import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMembers, accounts, organisations, sessions } from '../db/schema';
import { createTestSession } from '../test/sessions';
import { createTestApp } from '../test/test-app';
import { seedDemoOrganisation } from './demo';

describe('the demo access data', () => {
  it('has accounts in every review state, a blocked domain and an NDA that members must accept', async () => {
    const demo = await createTestApp();
    try {
      const db = demo.database.db;
      await seedDemoOrganisation(db, { adminPassword: 'demo-password-for-tests' });
      const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, 'acme'));
      const rows = await db.select().from(accounts).where(eq(accounts.organisationId, organisation!.id));
      expect(rows.map((row) => row.reviewStatus).sort()).toEqual([
        'approved',
        'approved',
        'approved',
        'declined',
        'pending',
      ]);
      const login = async (email: string) =>
        (
          await demo.app.inject({
            method: 'POST',
            url: '/api/statuspage/share/acme/login',
            payload: { email },
          })
        ).json().outcome;
      expect(await login('hank.scorpio@globex.example')).toBe('check_email');
      expect(await login('alice.abernathy@umbrella.example')).toBe('pending_request');
      expect(await login('art@vandelay.example')).toBe('request_declined');
      expect(await login('sol@soylent.example')).toBe('access_expired');
      expect(await login('anyone@blocked.example')).toBe('request_declined_blocked_domain');

      const nda = async (email: string) => {
        const [member] = await db.select().from(accountMembers).where(eq(accountMembers.email, email));
        const session = await createTestSession(db, {
          organisationId: organisation!.id,
          accountMemberId: member!.id,
        });
        return (
          await demo.app.inject({ url: '/api/statuspage/share/acme/nda', cookies: session.cookies })
        ).json();
      };
      expect(await nda('hank.scorpio@globex.example')).toMatchObject({ provider: 'clickwrap', passed: true });
      expect(await nda('mindy.simmons@globex.example')).toMatchObject({
        provider: 'clickwrap',
        passed: false,
      });
      const queue = await demo.app.inject({ url: '/api/statuspage/share/acme/view' });
      expect(queue.statusCode).toBe(200);
      expect((await db.select().from(sessions)).length).toBe(2);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
