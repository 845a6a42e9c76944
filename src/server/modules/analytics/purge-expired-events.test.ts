// @postgres: deletes chosen by SQL date arithmetic
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { analyticsEvents, documentAccessEvents, jobs } from '../../db/schema';
import { enqueueDueRecurringJobs } from '../../jobs';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { purgeAnalyticsQueue, purgeExpiredAnalyticsEvents } from './purge-expired-events';

const retentionDays = 30;
const dayMs = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_RETENTION_DAYS: String(retentionDays) });
});
afterAll(async () => t.close());

async function insertEvents(organisationId: string, ages: { name: string; daysAgo: number }[]) {
  const now = Date.now();
  await t.database.db.insert(analyticsEvents).values(
    ages.map(({ name, daysAgo }) => ({
      organisationId,
      name,
      source: 'client' as const,
      viewerMode: 'public',
      subject: name,
      createdAt: new Date(now - daysAgo * dayMs),
    })),
  );
}

/** Document views and downloads, each marked by its address so the survivors can be named. */
async function insertDocumentAccess(organisationId: string, ages: { ipAddress: string; daysAgo: number }[]) {
  const now = Date.now();
  await t.database.db.insert(documentAccessEvents).values(
    ages.map(({ ipAddress, daysAgo }) => ({
      organisationId,
      action: 'download' as const,
      viewerMode: 'account_external',
      ipAddress,
      createdAt: new Date(now - daysAgo * dayMs),
    })),
  );
}

async function documentAccessOf(organisationId: string) {
  const rows = await t.database.db
    .select({ ipAddress: documentAccessEvents.ipAddress })
    .from(documentAccessEvents)
    .where(eq(documentAccessEvents.organisationId, organisationId));
  return rows.map((row) => row.ipAddress).sort();
}

async function subjectsOf(organisationId: string) {
  const rows = await t.database.db
    .select({ subject: analyticsEvents.subject })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.organisationId, organisationId));
  return rows.map((row) => row.subject).sort();
}

describe('analytics retention', () => {
  it('reads ANALYTICS_RETENTION_DAYS (400 days unless set) and refuses a nonsense value', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).analyticsRetentionDays).toBe(400);
    expect(loadConfig({ NODE_ENV: 'test', ANALYTICS_RETENTION_DAYS: '90' }).analyticsRetentionDays).toBe(90);
    expect(() => loadConfig({ NODE_ENV: 'test', ANALYTICS_RETENTION_DAYS: '0' })).toThrow(
      /ANALYTICS_RETENTION_DAYS/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ANALYTICS_RETENTION_DAYS: 'forever' })).toThrow(
      /ANALYTICS_RETENTION_DAYS/,
    );
  });

  it('the recurring job deletes events and document access records older than the retention in every organisation, nothing newer', async () => {
    const { organisation: first } = await createOrganisation(t.database.db);
    const { organisation: second } = await createOrganisation(t.database.db);
    await insertEvents(first.id, [
      { name: 'page_view', daysAgo: retentionDays + 1 },
      { name: 'search_query_entered', daysAgo: retentionDays + 200 },
      { name: 'file_viewed', daysAgo: retentionDays - 1 },
      { name: 'login', daysAgo: 0 },
    ]);
    await insertEvents(second.id, [
      { name: 'portal_loaded', daysAgo: retentionDays + 3 },
      { name: 'item_clicked', daysAgo: 2 },
    ]);
    await insertDocumentAccess(first.id, [
      { ipAddress: '198.51.100.1', daysAgo: retentionDays + 1 },
      { ipAddress: '198.51.100.2', daysAgo: retentionDays - 1 },
    ]);
    await insertDocumentAccess(second.id, [
      { ipAddress: '198.51.100.3', daysAgo: retentionDays + 90 },
      { ipAddress: '198.51.100.4', daysAgo: 0 },
    ]);

    // Enqueued once per period, however often nodes look; the handler uses the configured retention.
    expect(await enqueueDueRecurringJobs(t)).toContain(purgeAnalyticsQueue);
    expect(await enqueueDueRecurringJobs(t)).not.toContain(purgeAnalyticsQueue);
    await t.providers.jobs.drain();
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.queue, purgeAnalyticsQueue));
    expect(job).toMatchObject({ state: 'completed' });

    expect(await subjectsOf(first.id)).toEqual(['file_viewed', 'login']);
    expect(await subjectsOf(second.id)).toEqual(['item_clicked']);
    expect(await documentAccessOf(first.id)).toEqual(['198.51.100.2']);
    expect(await documentAccessOf(second.id)).toEqual(['198.51.100.4']);
    expect(await purgeExpiredAnalyticsEvents(t.database.db, retentionDays)).toBe(0);
  });

  it('deletes a backlog larger than one batch', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const backlog = 5_050;
    const old = new Date(Date.now() - (retentionDays + 10) * dayMs);
    const rows = Array.from({ length: backlog }, () => ({
      organisationId: organisation.id,
      name: 'page_view',
      source: 'server' as const,
      viewerMode: 'public',
      createdAt: old,
    }));
    for (let start = 0; start < rows.length; start += 2000) {
      await t.database.db.insert(analyticsEvents).values(rows.slice(start, start + 2000));
    }
    await insertEvents(organisation.id, [{ name: 'kept', daysAgo: 1 }]);
    expect(await purgeExpiredAnalyticsEvents(t.database.db, retentionDays)).toBe(backlog);
    const left = await t.database.db
      .select({ name: analyticsEvents.name })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organisationId, organisation.id));
    expect(left).toEqual([{ name: 'kept' }]);
  });
});
