import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

/** Every module's audit row goes through here, in the caller's transaction. */
export async function insertAuditEntry(db: Database, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}
