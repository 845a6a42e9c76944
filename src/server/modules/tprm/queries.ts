import { and, asc, eq } from 'drizzle-orm';
import type { Partner } from '../../../shared/tprm';
import type { Database } from '../../db/client';
import { tprmPartners } from '../../db/schema';

export function toPartner(row: typeof tprmPartners.$inferSelect): Partner {
  return { id: row.id, name: row.name, domain: row.domain, instructionsUrl: row.instructionsUrl };
}

export async function listPartnerRows(db: Database, organisationId: string) {
  return db
    .select()
    .from(tprmPartners)
    .where(eq(tprmPartners.organisationId, organisationId))
    .orderBy(asc(tprmPartners.name));
}

export async function findPartnerRow(db: Database, organisationId: string, partnerId: string) {
  const [row] = await db
    .select()
    .from(tprmPartners)
    .where(and(eq(tprmPartners.id, partnerId), eq(tprmPartners.organisationId, organisationId)))
    .limit(1);
  return row ?? null;
}
