import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { ssoMessages } from '../../../shared/sso';
import type { Context } from '../../context';
import { findOrganisationById, insertAuditEntry } from '../../core';
import { staffUsers } from '../../db/schema';
import { mailPerson } from '../mail';
import { findSsoSettings } from './sso-queries';

/**
 * Password sign-in under "Require single sign-on": refused, except for the break-glass owner, whose
 * use of it is mailed to every owner. Called once the password was right, so it tells nothing to guessers.
 */
export async function checkPasswordAllowed(
  ctx: Pick<Context, 'db' | 'config' | 'providers'>,
  user: { id: string; organisationId: string; email: string; name: string },
  client: { ipAddress: string | null; userAgent: string | null },
): Promise<void> {
  const settings = await findSsoSettings(ctx.db, user.organisationId);
  if (!settings?.requireSso) return;
  if (settings.breakGlassStaffUserId !== user.id) {
    await insertAuditEntry(ctx.db, {
      organisationId: user.organisationId,
      actorStaffUserId: user.id,
      action: 'staff.sign_in_failed',
      target: `staff_user:${user.id}`,
      data: {
        method: 'password',
        reason: 'sso_required',
        ipAddress: client.ipAddress,
        userAgent: client.userAgent,
      },
    });
    throw new AppError('forbidden', ssoMessages.passwordsOff);
  }
  const organisation = await findOrganisationById(ctx.db, user.organisationId);
  if (!organisation) return;
  const owners = await ctx.db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.organisationId, user.organisationId),
        eq(staffUsers.role, 'owner'),
        eq(staffUsers.isDisabled, false),
      ),
    );
  for (const owner of owners) {
    await mailPerson(ctx, organisation, {
      to: owner.email,
      subject: `Break-glass sign-in to ${organisation.name}'s console`,
      heading: 'The break-glass password was used',
      blocks: [
        {
          kind: 'paragraph',
          text: `${user.name} (${user.email}) signed in with a password while single sign-on is required. If this was not expected, end their sessions under Console › Staff users and change the break-glass owner's password.`,
        },
        {
          kind: 'facts',
          rows: [
            { label: 'Address', value: client.ipAddress ?? 'unknown' },
            { label: 'Browser', value: client.userAgent ?? 'unknown' },
            { label: 'Time', value: new Date().toISOString() },
          ],
        },
      ],
      reason: `You are an owner of ${organisation.name} on Attest.`,
    });
  }
  await insertAuditEntry(ctx.db, {
    organisationId: user.organisationId,
    actorStaffUserId: user.id,
    action: 'staff.break_glass_used',
    target: `staff_user:${user.id}`,
    data: { ipAddress: client.ipAddress, userAgent: client.userAgent, ownersMailed: owners.length },
  });
}
