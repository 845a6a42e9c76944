import { eq, sql } from 'drizzle-orm';
import type { PortalCustomisation } from '../../../shared/portal';
import { organisations } from '../../db/schema';
import { createAccountMember, createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';

/** An organisation with the given collaboration flags, a staff user and one approved member. */
export async function setUpCollaboration(t: TestApp, flags: Partial<PortalCustomisation>) {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { customisation: flags });
  const staffUser = await createStaffUser(db, organisation.id);
  const staff = await createTestSession(db, { organisationId: organisation.id, staffUserId: staffUser.id });
  const memberSession = async (account: Parameters<typeof createAccountMember>[2] = {}) => {
    const created = await createAccountMember(db, organisation.id, account);
    const session = await createTestSession(db, {
      organisationId: organisation.id,
      accountMemberId: created.member.id,
    });
    return { ...created, ...session };
  };
  return {
    organisation,
    product,
    staffUser,
    staff,
    memberSession,
    base: `/api/statuspage/share/${organisation.slug}`,
  };
}

export async function setCustomisation(
  t: TestApp,
  organisationId: string,
  flags: Partial<PortalCustomisation>,
) {
  await t.database.db
    .update(organisations)
    .set({
      customisation: sql`${organisations.customisation} || ${JSON.stringify(flags)}::jsonb`,
      revision: sql`${organisations.revision} + 1`,
    })
    .where(eq(organisations.id, organisationId));
  t.providers.cache.invalidate(organisationId);
}
