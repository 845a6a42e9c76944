import { and, eq, ne, sql } from 'drizzle-orm';
import type { CustomDomainStatus } from '../../../shared/staff';
import type { Database } from '../../db/client';
import { customDomainClaims, organisations } from '../../db/schema';

export const challengeRecordPrefix = '_attest-challenge';

export function challengeRecordName(domain: string): string {
  return `${challengeRecordPrefix}.${domain}`;
}

export async function findClaim(db: Database, organisationId: string) {
  const [row] = await db
    .select()
    .from(customDomainClaims)
    .where(eq(customDomainClaims.organisationId, organisationId))
    .limit(1);
  return row ?? null;
}

/** Another organisation already answering on this domain. */
export async function isDomainUsedElsewhere(db: Database, organisationId: string, domain: string) {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(sql`lower(${organisations.customDomain})`, domain), ne(organisations.id, organisationId)))
    .limit(1);
  return Boolean(row);
}

export async function readCustomDomainStatus(
  db: Database,
  organisationId: string,
): Promise<CustomDomainStatus> {
  const [organisation] = await db
    .select({ customDomain: organisations.customDomain })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const claim = await findClaim(db, organisationId);
  return {
    activeDomain: organisation?.customDomain ?? null,
    claim: claim
      ? {
          domain: claim.domain,
          recordName: challengeRecordName(claim.domain),
          recordValue: claim.token,
          isVerified: claim.verifiedAt !== null,
          verifiedAt: claim.verifiedAt?.toISOString() ?? null,
          lastCheckedAt: claim.lastCheckedAt?.toISOString() ?? null,
        }
      : null,
  };
}
