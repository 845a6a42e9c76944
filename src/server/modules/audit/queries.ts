import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, staffUsers } from '../../db/schema';

export type AuditFilter = { organisationId: string; action?: string; actorId?: string };

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    eq(auditLog.organisationId, filter.organisationId),
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actorId ? eq(auditLog.actorStaffUserId, filter.actorId) : undefined,
  );
}

export async function listAuditEntries(
  db: Database,
  filter: AuditFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      target: auditLog.target,
      data: auditLog.data,
      actorId: staffUsers.id,
      actorName: staffUsers.name,
      actorEmail: staffUsers.email,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorStaffUserId))
    .where(whereOf(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAuditEntries(db: Database, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ value: count() }).from(auditLog).where(whereOf(filter));
  return row?.value ?? 0;
}

export async function listAuditActions(db: Database, organisationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.organisationId, organisationId))
    .orderBy(auditLog.action);
  return rows.map((row) => row.action);
}

/** Every staff user of the organisation (people who can appear in the log), by name. */
export async function listAuditActors(db: Database, organisationId: string) {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.organisationId, organisationId))
    .orderBy(staffUsers.name, staffUsers.email);
}
