import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessDomainRules, accessSettings } from '../../db/schema';
import { isDomainCoveredBy } from './email-domains';

export type AccessSettingsRow = typeof accessSettings.$inferSelect;
export type DomainRuleRow = typeof accessDomainRules.$inferSelect;

/** The organisation's access settings; the row is created with the schema defaults on first use. */
export async function findOrCreateAccessSettings(
  db: Database,
  organisationId: string,
): Promise<AccessSettingsRow> {
  const [existing] = await db
    .select()
    .from(accessSettings)
    .where(eq(accessSettings.organisationId, organisationId))
    .limit(1);
  if (existing) return existing;
  await db.insert(accessSettings).values({ organisationId }).onConflictDoNothing();
  const [created] = await db
    .select()
    .from(accessSettings)
    .where(eq(accessSettings.organisationId, organisationId))
    .limit(1);
  return created!;
}

export async function listDomainRules(db: Database, organisationId: string): Promise<DomainRuleRow[]> {
  return db
    .select()
    .from(accessDomainRules)
    .where(eq(accessDomainRules.organisationId, organisationId))
    .orderBy(accessDomainRules.domain);
}

/** The rule for an e-mail domain: a blocking rule wins over an auto-approving one. */
export async function findDomainRule(
  db: Database,
  organisationId: string,
  domain: string,
): Promise<'blocked' | 'auto_approve' | null> {
  const matching = (await listDomainRules(db, organisationId)).filter((rule) =>
    isDomainCoveredBy(domain, rule.domain),
  );
  if (matching.some((rule) => rule.kind === 'blocked')) return 'blocked';
  return matching.length > 0 ? 'auto_approve' : null;
}
