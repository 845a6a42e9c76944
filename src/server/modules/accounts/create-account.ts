import type { z } from 'zod';
import { type AccountDetail, CreateAccountInput } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { dayMs, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import { accounts } from '../../db/schema';
import { findOrCreateAccessSettings, isUniqueViolation } from '../access';
import { findAccountDetail, isProfileOfOrganisation } from './queries';

export const domainTaken = () =>
  new AppError('conflict', 'Another account already has this domain.', {
    domain: 'Another account already has this domain.',
  });

export async function assertProfileOfOrganisation(
  ctx: StaffContext,
  permissionProfileId: string | null | undefined,
) {
  if (
    permissionProfileId &&
    !(await isProfileOfOrganisation(ctx.db, ctx.viewer.organisation.id, permissionProfileId))
  ) {
    throw new AppError('validation_failed', 'Choose a permission profile of this organisation.', {
      permissionProfileId: 'Choose a permission profile of this organisation.',
    });
  }
}

/** Staff add a company by hand: approved at once for accessDays (or the organisation's default). */
export async function createAccount({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: z.input<typeof CreateAccountInput>;
}): Promise<AccountDetail> {
  requireAccessEditor(ctx.viewer);
  const { name, domain, accessDays, permissionProfileId } = CreateAccountInput.parse(input);
  const organisationId = ctx.viewer.organisation.id;
  await assertProfileOfOrganisation(ctx, permissionProfileId);
  const settings = await findOrCreateAccessSettings(ctx.db, organisationId);
  const now = new Date();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          organisationId,
          name,
          domain: domain ?? null,
          reviewStatus: 'approved',
          accessExpiresAt: new Date(now.getTime() + (accessDays ?? settings.defaultAccessDays) * dayMs),
          permissionProfileId: permissionProfileId ?? null,
          reviewedAt: now,
        })
        .returning();
      await writeAudit(tx, ctx.viewer, {
        action: 'account.create',
        target: account!.id,
        data: { name, domain },
      });
      return account!.id;
    });
    return (await findAccountDetail(ctx.db, organisationId, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw domainTaken();
    throw error;
  }
}
