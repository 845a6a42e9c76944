import { and, eq, sql } from 'drizzle-orm';
import type { StaffUserView } from '../../../shared/console-admin';
import type { StaffPermission } from '../../../shared/permissions';
import { StaffPermission as StaffPermissionSchema } from '../../../shared/permissions';
import type { Database } from '../../db/client';
import { sessions, staffUsers } from '../../db/schema';

export type StaffUserRow = typeof staffUsers.$inferSelect;

export function knownPermissions(values: readonly string[]): StaffPermission[] {
  return StaffPermissionSchema.options.filter((permission) => values.includes(permission));
}

export function toStaffUserView(row: StaffUserRow): StaffUserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    permissions: knownPermissions(row.permissions),
    isDisabled: row.isDisabled,
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

/** Active users who keep statuspage:edit: the organisation must never be left without one. */
export async function countActiveEditors(db: Database, organisationId: string): Promise<number> {
  const rows = await db
    .select({ permissions: staffUsers.permissions })
    .from(staffUsers)
    .where(and(eq(staffUsers.organisationId, organisationId), eq(staffUsers.isDisabled, false)));
  return rows.filter((row) => row.permissions.includes('statuspage:edit')).length;
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
