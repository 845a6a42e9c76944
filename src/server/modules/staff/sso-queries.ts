import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organisationSso } from '../../db/schema';

export type SsoSettingsRow = typeof organisationSso.$inferSelect;

/** The organisation's single sign-on settings, or null when it has none. */
export async function findSsoSettings(db: Database, organisationId: string): Promise<SsoSettingsRow | null> {
  const [row] = await db
    .select()
    .from(organisationSso)
    .where(eq(organisationSso.organisationId, organisationId))
    .limit(1);
  return row ?? null;
}
