import { randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { CustomDomainInput, type CustomDomainStatus } from '../../../shared/staff';
import type { Context } from '../../context';
import { insertAuditEntry } from '../../core';
import { customDomainClaims } from '../../db/schema';
import { hasStaffPermission } from '../../policy';
import { findClaim, isDomainUsedElsewhere, readCustomDomainStatus } from './queries';

function newToken(): string {
  return `attest-verification=${randomBytes(24).toString('base64url')}`;
}

/**
 * Records the domain staff want and a fresh token for its TXT record. The portal keeps answering on
 * its current domain (if any) until the new one is verified.
 */
export async function setCustomDomain({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'config'>;
  input: CustomDomainInput;
}): Promise<CustomDomainStatus> {
  const { viewer } = ctx;
  if (!hasStaffPermission(viewer, 'organisation:manage')) throw new AppError('forbidden', messages.forbidden);
  const { domain } = CustomDomainInput.parse(input);
  const ownHost = new URL(ctx.config.publicUrl).hostname;
  if (domain === ownHost || domain.endsWith(`.${ownHost}`) || domain === 'localhost') {
    throw new AppError(
      'validation_failed',
      `${domain} belongs to this installation, not to a custom domain`,
      {
        domain: 'Use a domain of your own',
      },
    );
  }
  const organisationId = viewer.organisation.id;
  return ctx.db.transaction(async (tx) => {
    if (await isDomainUsedElsewhere(tx, organisationId, domain)) {
      throw new AppError('conflict', `${domain} is already the domain of another organisation`);
    }
    const existing = await findClaim(tx, organisationId);
    if (existing?.domain === domain) return readCustomDomainStatus(tx, organisationId);
    const token = newToken();
    await tx
      .insert(customDomainClaims)
      .values({ organisationId, domain, token })
      .onConflictDoUpdate({
        target: customDomainClaims.organisationId,
        set: { domain, token, verifiedAt: null, lastCheckedAt: null, createdAt: new Date() },
      });
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: viewer.staff?.id ?? null,
      action: 'custom_domain.requested',
      target: `organisation:${organisationId}`,
      data: { changes: { customDomainClaim: { from: existing?.domain ?? null, to: domain } } },
    });
    return readCustomDomainStatus(tx, organisationId);
  });
}
