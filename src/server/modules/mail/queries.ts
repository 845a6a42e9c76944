import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devMailboxMessages } from '../../db/schema';

export type DevMailboxRow = typeof devMailboxMessages.$inferSelect;

export async function listDevMailboxMessages(
  db: Database,
  filter: { to?: string; limit: number },
): Promise<DevMailboxRow[]> {
  return db
    .select()
    .from(devMailboxMessages)
    .where(filter.to ? sql`lower(${devMailboxMessages.toAddress}) = lower(${filter.to})` : undefined)
    .orderBy(desc(devMailboxMessages.receivedAt), desc(devMailboxMessages.id))
    .limit(filter.limit);
}

export async function findDevMailboxMessage(db: Database, id: string): Promise<DevMailboxRow | null> {
  const [row] = await db.select().from(devMailboxMessages).where(eq(devMailboxMessages.id, id)).limit(1);
  return row ?? null;
}
