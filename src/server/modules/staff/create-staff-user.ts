import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { StaffRole } from '../../../shared/permissions';
import { NewStaffUser } from '../../../shared/staff';
import type { Context } from '../../context';
import { findOrganisationRowBySlug, insertAuditEntry } from '../../core';
import { hashPassword } from './passwords';
import { findStaffUserByEmail, insertOrganisationWithDefaultProduct, insertStaffUser } from './queries';

export type CreatedStaffUser = {
  staffUser: { id: string; email: string; name: string; role: StaffRole };
  organisation: { id: string; slug: string; name: string };
  isOrganisationCreated: boolean;
};

/**
 * The create-staff command's work (no signed-in viewer: whoever runs it holds the database).
 * Creates the organisation too when it is missing and a name for it is given.
 */
export async function createStaffUser({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'>;
  input: NewStaffUser;
}): Promise<CreatedStaffUser> {
  const value = NewStaffUser.parse(input);
  const role = value.role ?? 'owner';
  const passwordHash = await hashPassword(value.password);

  return ctx.db.transaction(async (tx) => {
    let organisation = await findOrganisationRowBySlug(tx, value.organisationSlug);
    const isOrganisationCreated = !organisation;
    if (!organisation) {
      if (!value.organisationName) {
        throw new AppError(
          'organisation_not_found',
          messages.unknownOrganisationSlug(value.organisationSlug),
        );
      }
      organisation = await insertOrganisationWithDefaultProduct(tx, {
        slug: value.organisationSlug,
        name: value.organisationName,
      });
    }
    const taken = await findStaffUserByEmail(tx, value.email);
    const user = taken
      ? null
      : await insertStaffUser(tx, {
          organisationId: organisation.id,
          email: value.email,
          name: value.name,
          passwordHash,
          role,
        });
    if (!user) throw new AppError('conflict', messages.staffEmailTaken);
    await insertAuditEntry(tx, {
      organisationId: organisation.id,
      actorStaffUserId: null,
      action: 'staff_user.created',
      target: `staff_user:${user.id}`,
      data: { email: user.email, role, via: 'command' },
    });
    return {
      staffUser: { id: user.id, email: user.email, name: user.name, role },
      organisation: { id: organisation.id, slug: organisation.slug, name: organisation.name },
      isOrganisationCreated,
    };
  });
}
