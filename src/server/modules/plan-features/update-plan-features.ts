import { eq } from 'drizzle-orm';
import { PlanFeatures } from '../../../shared/cards';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { PlanFeaturesPatch } from '../../../shared/staff';
import type { Context } from '../../context';
import { insertAuditEntry, publishOrganisationChanged } from '../../core';
import { organisations } from '../../db/schema';
import { hasStaffPermission } from '../../policy';

/** The switches as the portal reads them: absent optional ones count as included. */
export function effectivePlanFeatures(stored: unknown): Required<PlanFeatures> {
  const features = PlanFeatures.parse(stored ?? {});
  return {
    ...features,
    trustCenterAi: features.trustCenterAi ?? true,
    integrations: features.integrations ?? true,
    bridgeLetters: features.bridgeLetters ?? true,
  };
}

export async function getPlanFeatures({ ctx }: { ctx: Pick<Context, 'db' | 'viewer'> }) {
  const [row] = await ctx.db
    .select({ planFeatures: organisations.planFeatures })
    .from(organisations)
    .where(eq(organisations.id, ctx.viewer.organisation.id));
  return effectivePlanFeatures(row?.planFeatures);
}

/**
 * A self-hosted instance decides its own plan: staff switch features per organisation, with the
 * before/after in the audit log, and portals on every node see it on commit.
 */
export async function updatePlanFeatures({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: PlanFeaturesPatch;
}): Promise<Required<PlanFeatures>> {
  const { viewer } = ctx;
  if (!hasStaffPermission(viewer, 'organisation:manage')) throw new AppError('forbidden', messages.forbidden);
  const patch = PlanFeaturesPatch.parse(input);
  const organisationId = viewer.organisation.id;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ planFeatures: organisations.planFeatures })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update');
    if (!row) throw new AppError('organisation_not_found', messages.organisationNotFound);
    const before = effectivePlanFeatures(row.planFeatures);
    const after = effectivePlanFeatures({ ...row.planFeatures, ...patch });
    const changes: Record<string, { from: boolean; to: boolean }> = {};
    for (const key of Object.keys(after) as (keyof typeof after)[]) {
      if (before[key] !== after[key]) changes[`planFeatures.${key}`] = { from: before[key], to: after[key] };
    }
    if (Object.keys(changes).length === 0) return before;
    await tx
      .update(organisations)
      .set({ planFeatures: { ...row.planFeatures, ...patch }, updatedAt: new Date() })
      .where(eq(organisations.id, organisationId));
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: viewer.staff?.id ?? null,
      action: 'organisation.plan_features_updated',
      target: `organisation:${organisationId}`,
      data: { changes },
    });
    await publishOrganisationChanged(tx, organisationId);
    return after;
  });
}
