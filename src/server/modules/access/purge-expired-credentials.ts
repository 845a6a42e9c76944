import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { byoidTokenUses, sessions, signInTokens } from '../../db/schema';
import type { JobHandler } from '../../providers/jobs/types';

export const purgeCredentialsQueue = 'access.purge-expired-credentials';

/**
 * Deletes sessions, sign-in links and used byoid token records past their expiry. None of them can
 * grant anything once expired (each check compares the expiry), so this only keeps the tables small.
 */
export async function purgeExpiredCredentials(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    const expiredSessions = await tx
      .delete(sessions)
      .where(lt(sessions.expiresAt, now))
      .returning({ id: sessions.id });
    const expiredLinks = await tx
      .delete(signInTokens)
      .where(lt(signInTokens.expiresAt, now))
      .returning({ id: signInTokens.id });
    const expiredTokenUses = await tx
      .delete(byoidTokenUses)
      .where(lt(byoidTokenUses.expiresAt, now))
      .returning({ id: byoidTokenUses.id });
    return {
      sessions: expiredSessions.length,
      signInLinks: expiredLinks.length,
      byoidTokenUses: expiredTokenUses.length,
    };
  });
}

export function createPurgeCredentialsHandler(db: Database): JobHandler {
  return async () => {
    await purgeExpiredCredentials(db);
  };
}
