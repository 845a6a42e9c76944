import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { CustomDomainStatus } from '../../../shared/staff';
import type { Context } from '../../context';
import { insertAuditEntry, publishOrganisationChanged } from '../../core';
import { customDomainClaims, organisations } from '../../db/schema';
import { hasStaffPermission } from '../../policy';
import { readCustomDomainStatus } from './queries';

/** Stops answering on the custom domain and forgets the claim; the slug address keeps working. */
export async function removeCustomDomain({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<CustomDomainStatus> {
  const { viewer } = ctx;
  if (!hasStaffPermission(viewer, 'organisation:manage')) throw new AppError('forbidden', messages.forbidden);
  const organisationId = viewer.organisation.id;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ customDomain: organisations.customDomain })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update');
    const removed = await tx
      .delete(customDomainClaims)
      .where(eq(customDomainClaims.organisationId, organisationId))
      .returning({ domain: customDomainClaims.domain });
    if (!before?.customDomain && removed.length === 0) return readCustomDomainStatus(tx, organisationId);
    await tx
      .update(organisations)
      .set({ customDomain: null, updatedAt: new Date() })
      .where(eq(organisations.id, organisationId));
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: viewer.staff?.id ?? null,
      action: 'custom_domain.removed',
      target: `organisation:${organisationId}`,
      data: {
        changes: { customDomain: { from: before?.customDomain ?? removed[0]?.domain ?? null, to: null } },
      },
    });
    await publishOrganisationChanged(tx, organisationId);
    return readCustomDomainStatus(tx, organisationId);
  });
}
