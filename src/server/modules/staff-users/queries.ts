import { and, eq, sql } from 'drizzle-orm';
import type { StaffUserView } from '../../../shared/console-admin';
import { permissionsOfRole } from '../../../shared/permissions';
import type { Database } from '../../db/client';
import { sessions, staffUsers } from '../../db/schema';

export type StaffUserRow = typeof staffUsers.$inferSelect;

export function toStaffUserView(row: StaffUserRow): StaffUserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: [...permissionsOfRole(row.role)],
    isDisabled: row.isDisabled,
    isProvisioned: row.scimProfile !== null && row.scimRemovedAt === null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export async function listStaffUserRows(db: Database, organisationId: string) {
  return db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.organisationId, organisationId))
    .orderBy(staffUsers.isDisabled, sql`lower(${staffUsers.name})`, staffUsers.email);
}

export async function findStaffUserOfOrganisation(db: Database, organisationId: string, id: string) {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.organisationId, organisationId), eq(staffUsers.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Active owners: the organisation must never be left without one. */
export async function countActiveOwners(db: Database, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.organisationId, organisationId),
        eq(staffUsers.isDisabled, false),
        eq(staffUsers.role, 'owner'),
      ),
    );
  return row?.count ?? 0;
}

export async function updateStaffUserRow(
  db: Database,
  id: string,
  values: Partial<typeof staffUsers.$inferInsert>,
) {
  const [row] = await db.update(staffUsers).set(values).where(eq(staffUsers.id, id)).returning();
  return row!;
}

export async function deleteSessionsOfStaffUser(db: Database, staffUserId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.staffUserId, staffUserId));
}
