import { and, asc, eq, gt } from 'drizzle-orm';
import { companyDisplay } from '../../../shared/company-catalogue';
import { describeChange, type NoticeChange } from '../../../shared/subprocessor-notices';
import type { Database } from '../../db/client';
import { type AnnouncedSubprocessor, subprocessorAnnouncedLists, subprocessorNotices } from '../../db/schema';
import { listSubprocessors, type SubprocessorRow } from './queries';

export function announcedEntry(row: SubprocessorRow): AnnouncedSubprocessor {
  return {
    id: row.id,
    company: companyDisplay(row.company).name,
    purpose: row.purpose,
    location: row.location,
  };
}

/**
 * Keeps the list customers were last told, before the first change after a notice (issue 34 §3):
 * called in the change's transaction before it writes, a no-op while one is already kept.
 */
export async function rememberAnnouncedList(
  db: Database,
  product: { id: string; organisationId: string },
): Promise<void> {
  const rows = await listSubprocessors(db, product.id);
  await db
    .insert(subprocessorAnnouncedLists)
    .values({
      productId: product.id,
      organisationId: product.organisationId,
      entries: rows.map(announcedEntry),
    })
    .onConflictDoNothing();
}

/** What changed between two lists, by subprocessor: added, removed, or a changed company, purpose or location. */
export function diffSubprocessorLists(
  before: readonly AnnouncedSubprocessor[],
  after: readonly AnnouncedSubprocessor[],
): NoticeChange[] {
  const facts = (entry: AnnouncedSubprocessor) => ({
    company: entry.company,
    purpose: entry.purpose,
    location: entry.location,
  });
  const afterById = new Map(after.map((entry) => [entry.id, entry]));
  const beforeIds = new Set(before.map((entry) => entry.id));
  const changes: NoticeChange[] = [];
  for (const entry of after)
    if (!beforeIds.has(entry.id))
      changes.push({ key: `added:${entry.id}`, kind: 'added', after: facts(entry) });
  for (const entry of before) {
    const now = afterById.get(entry.id);
    if (!now) changes.push({ key: `removed:${entry.id}`, kind: 'removed', before: facts(entry) });
    else if (
      now.company !== entry.company ||
      now.purpose !== entry.purpose ||
      now.location !== entry.location
    )
      changes.push({ key: `changed:${entry.id}`, kind: 'changed', before: facts(entry), after: facts(now) });
  }
  return changes;
}

/** The difference a notice published now would announce for the product; empty when nothing changed. */
export async function pendingSubprocessorChanges(db: Database, productId: string): Promise<NoticeChange[]> {
  const [announced] = await db
    .select()
    .from(subprocessorAnnouncedLists)
    .where(eq(subprocessorAnnouncedLists.productId, productId))
    .limit(1);
  if (!announced) return [];
  const current = (await listSubprocessors(db, productId)).map(announcedEntry);
  return diffSubprocessorLists(announced.entries, current);
}

/** After a notice: nothing is pending until the next change, which keeps the list anew. */
export async function forgetAnnouncedList(db: Database, productId: string): Promise<void> {
  await db.delete(subprocessorAnnouncedLists).where(eq(subprocessorAnnouncedLists.productId, productId));
}

export type UpcomingSubprocessorChange = { effectiveAt: string; lines: string[] };

/** Published notices of the product not yet in effect, soonest first: the card says "From {date}: …". */
export async function upcomingSubprocessorChanges(
  db: Database,
  productId: string,
  now = new Date(),
): Promise<UpcomingSubprocessorChange[]> {
  const rows = await db
    .select({ effectiveAt: subprocessorNotices.effectiveAt, changes: subprocessorNotices.changes })
    .from(subprocessorNotices)
    .where(and(eq(subprocessorNotices.productId, productId), gt(subprocessorNotices.effectiveAt, now)))
    .orderBy(asc(subprocessorNotices.effectiveAt));
  return rows.map((row) => ({
    effectiveAt: row.effectiveAt.toISOString(),
    lines: row.changes.map(describeChange),
  }));
}
