import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organisations, products, sessions, staffUsers } from '../../db/schema';
import { materialiseCatalogue } from '../cards';

export async function findStaffUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function insertStaffSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessionsOfStaffUser(db: Database, staffUserId: string, now: Date) {
  await db.delete(sessions).where(and(eq(sessions.staffUserId, staffUserId), lt(sessions.expiresAt, now)));
}

export async function recordSignIn(db: Database, staffUserId: string, at: Date): Promise<void> {
  await db.update(staffUsers).set({ lastSignInAt: at }).where(eq(staffUsers.id, staffUserId));
}

export async function insertOrganisationWithDefaultProduct(
  db: Database,
  values: { slug: string; name: string },
) {
  const [organisation] = await db.insert(organisations).values(values).returning();
  // A portal shows a product; the organisation's own name is the sensible first one.
  const [product] = await db
    .insert(products)
    .values({ organisationId: organisation!.id, name: values.name, slug: 'main', isDefault: true })
    .returning({ id: products.id });
  await materialiseCatalogue(db, product!.id);
  return organisation!;
}

/** Null when the e-mail is taken (also when a concurrent insert took it first). */
export async function insertStaffUser(db: Database, values: typeof staffUsers.$inferInsert) {
  const [row] = await db.insert(staffUsers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findStaffUserById(db: Database, id: string) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row ?? null;
}
