import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { type Partner, type PartnerInput, type PartnerList, tprmMessages } from '../../../shared/tprm';
import type { Context } from '../../context';
import { insertAuditEntry } from '../../core';
import { tprmPartners } from '../../db/schema';
import { canUseConsole, hasStaffPermission } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { findPartnerRow, listPartnerRows, toPartner } from './queries';

type ParsedPartner = { name: string; domain: string | null; instructionsUrl: string | null };

function assertCanManage(viewer: Viewer) {
  if (!canUseConsole(viewer) || !hasStaffPermission(viewer, 'statuspage:edit')) {
    throw new AppError('forbidden', messages.forbidden);
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

const nameTaken = () =>
  new AppError('conflict', tprmMessages.partnerNameTaken, { name: tprmMessages.partnerNameTaken });

export async function listPartners({ ctx }: { ctx: Pick<Context, 'db' | 'viewer'> }): Promise<PartnerList> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  return { partners: (await listPartnerRows(ctx.db, ctx.viewer.organisation.id)).map(toPartner) };
}

async function audit(ctx: Pick<Context, 'db' | 'viewer'>, action: string, target: string, data: object) {
  await insertAuditEntry(ctx.db, {
    organisationId: ctx.viewer.organisation.id,
    actorStaffUserId: ctx.viewer.staff!.id,
    action,
    target,
    data: { ...data },
  });
}

export async function createPartner({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: ParsedPartner;
}): Promise<Partner> {
  assertCanManage(ctx.viewer);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tprmPartners)
        .values({ organisationId: ctx.viewer.organisation.id, ...input })
        .returning();
      await audit({ ...ctx, db: tx }, 'tprm_partner.create', row!.id, input);
      return toPartner(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updatePartner({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: ParsedPartner & { id: string };
}): Promise<Partner> {
  assertCanManage(ctx.viewer);
  const before = await findPartnerRow(ctx.db, ctx.viewer.organisation.id, input.id);
  if (!before) throw new AppError('not_found', tprmMessages.partnerNotFound);
  const { id, ...values } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(tprmPartners).set(values).where(eq(tprmPartners.id, id)).returning();
      await audit({ ...ctx, db: tx }, 'tprm_partner.update', id, {
        before: toPartner(before),
        after: values,
      });
      return toPartner(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deleting a partner also deletes its tokens: none of them redeems afterwards. */
export async function deletePartner({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { id: string };
}): Promise<void> {
  assertCanManage(ctx.viewer);
  const before = await findPartnerRow(ctx.db, ctx.viewer.organisation.id, input.id);
  if (!before) throw new AppError('not_found', tprmMessages.partnerNotFound);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(tprmPartners).where(eq(tprmPartners.id, input.id));
    await audit({ ...ctx, db: tx }, 'tprm_partner.delete', input.id, { before: toPartner(before) });
  });
}

export type { PartnerInput };
