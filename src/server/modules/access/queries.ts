import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accessRequests,
  accountMembers,
  accounts,
  ndaAcceptances,
  ndaVersions,
  products,
  staffUsers,
} from '../../db/schema';

export type MemberWithAccount = {
  member: typeof accountMembers.$inferSelect;
  account: typeof accounts.$inferSelect;
};

export async function findMemberByEmail(
  db: Database,
  organisationId: string,
  email: string,
): Promise<MemberWithAccount | null> {
  const [row] = await db
    .select({ member: accountMembers, account: accounts })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(
      and(
        eq(accountMembers.organisationId, organisationId),
        sql`lower(${accountMembers.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findMemberById(
  db: Database,
  organisationId: string,
  accountMemberId: string,
): Promise<MemberWithAccount | null> {
  const [row] = await db
    .select({ member: accountMembers, account: accounts })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(and(eq(accountMembers.organisationId, organisationId), eq(accountMembers.id, accountMemberId)))
    .limit(1);
  return row ?? null;
}

/** The newest request from an address that has no member row yet (a request still under review, or refused). */
export async function findLatestRequestByEmail(db: Database, organisationId: string, email: string) {
  const [row] = await db
    .select()
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.organisationId, organisationId),
        sql`lower(${accessRequests.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(accessRequests.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findAccountByDomain(db: Database, organisationId: string, domain: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.organisationId, organisationId), sql`lower(${accounts.domain}) = ${domain}`))
    .limit(1);
  return row ?? null;
}

export async function findAccountById(db: Database, organisationId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.organisationId, organisationId), eq(accounts.id, accountId)))
    .limit(1);
  return row ?? null;
}

export async function hasPendingRequestForAccount(db: Database, organisationId: string, accountId: string) {
  const [row] = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.organisationId, organisationId),
        eq(accessRequests.accountId, accountId),
        eq(accessRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The products an account's access was asked for: those of the member's own newest request that
 * named one, else the account's. A request for more time carries them, so staff who follow only
 * some products hear about the extensions of theirs.
 */
export async function findRequestedProducts(
  db: Database,
  organisationId: string,
  accountId: string,
  memberId: string,
): Promise<{ productId: string | null; requestedProductIds: string[] }> {
  const [row] = await db
    .select({ productId: accessRequests.productId, requestedProductIds: accessRequests.requestedProductIds })
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.organisationId, organisationId),
        eq(accessRequests.accountId, accountId),
        sql`${accessRequests.productId} is not null`,
      ),
    )
    .orderBy(sql`${accessRequests.accountMemberId} = ${memberId} desc`, desc(accessRequests.createdAt))
    .limit(1);
  return row ?? { productId: null, requestedProductIds: [] };
}

export async function isProductOfOrganisation(db: Database, organisationId: string, productId: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organisationId, organisationId), eq(products.id, productId)))
    .limit(1);
  return Boolean(row);
}

export async function listProductIdsOfOrganisation(db: Database, organisationId: string) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.organisationId, organisationId));
  return new Set(rows.map((row) => row.id));
}

/** Staff who receive review notifications: every active staff user of the organisation. */
export async function listStaffRecipients(db: Database, organisationId: string) {
  return db
    .select({ email: staffUsers.email, name: staffUsers.name })
    .from(staffUsers)
    .where(and(eq(staffUsers.organisationId, organisationId), eq(staffUsers.isDisabled, false)));
}

export async function findCurrentNdaVersion(db: Database, organisationId: string) {
  const [row] = await db
    .select()
    .from(ndaVersions)
    .where(eq(ndaVersions.organisationId, organisationId))
    .orderBy(desc(ndaVersions.createdAt), desc(ndaVersions.id))
    .limit(1);
  return row ?? null;
}

export async function listMemberAcceptances(db: Database, organisationId: string, accountMemberId: string) {
  return db
    .select()
    .from(ndaAcceptances)
    .where(
      and(
        eq(ndaAcceptances.organisationId, organisationId),
        eq(ndaAcceptances.accountMemberId, accountMemberId),
      ),
    )
    .orderBy(desc(ndaAcceptances.acceptedAt));
}
