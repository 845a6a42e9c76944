import dns from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { CustomDomainStatus } from '../../../shared/staff';
import type { Context } from '../../context';
import { insertAuditEntry, publishOrganisationChanged } from '../../core';
import { customDomainClaims, organisations } from '../../db/schema';
import { hasStaffPermission } from '../../policy';
import { challengeRecordName, findClaim, isDomainUsedElsewhere, readCustomDomainStatus } from './queries';

/** Looks up TXT records; tests pass a fake, production asks the system's resolvers. */
export type ResolveTxt = (name: string) => Promise<string[][]>;

// Looked up at call time, so dns.setServers() (tests, operators) is honoured.
export const systemResolveTxt: ResolveTxt = (name) => dns.resolveTxt(name);

const notFoundCodes = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

async function lookUpTxt(resolveTxt: ResolveTxt, name: string): Promise<string[]> {
  try {
    // A TXT record may come in several strings of at most 255 bytes: they form one value.
    return (await resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (notFoundCodes.has(code)) return [];
    throw new AppError(
      'unavailable',
      `The DNS lookup of ${name} failed (${code || 'no answer'}). Try again later.`,
    );
  }
}

/**
 * Checks the claim's TXT record; when it holds the token the domain becomes the organisation's
 * custom domain, in one transaction with its audit row. Otherwise a 400 says what was looked for.
 */
export async function verifyCustomDomain({
  ctx,
  resolveTxt = systemResolveTxt,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  resolveTxt?: ResolveTxt;
}): Promise<CustomDomainStatus> {
  const { viewer } = ctx;
  if (!hasStaffPermission(viewer, 'organisation:manage')) throw new AppError('forbidden', messages.forbidden);
  const organisationId = viewer.organisation.id;
  const claim = await findClaim(ctx.db, organisationId);
  if (!claim) throw new AppError('not_found', 'Set a custom domain before verifying it');
  const recordName = challengeRecordName(claim.domain);
  const values = await lookUpTxt(resolveTxt, recordName);
  const isFound = values.includes(claim.token);
  await ctx.db
    .update(customDomainClaims)
    .set({ lastCheckedAt: new Date() })
    .where(eq(customDomainClaims.id, claim.id));
  if (!isFound) {
    throw new AppError(
      'bad_request',
      values.length === 0
        ? `No TXT record found at ${recordName}. Add it with the value shown, then try again (DNS changes can take a while).`
        : `The TXT record at ${recordName} does not hold the value shown. Check it, then try again.`,
    );
  }
  return ctx.db.transaction(async (tx) => {
    if (await isDomainUsedElsewhere(tx, organisationId, claim.domain)) {
      throw new AppError('conflict', `${claim.domain} is already the domain of another organisation`);
    }
    const [before] = await tx
      .select({ customDomain: organisations.customDomain })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update');
    const now = new Date();
    await tx.update(customDomainClaims).set({ verifiedAt: now }).where(eq(customDomainClaims.id, claim.id));
    await tx
      .update(organisations)
      .set({ customDomain: claim.domain, updatedAt: now })
      .where(eq(organisations.id, organisationId));
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: viewer.staff?.id ?? null,
      action: 'custom_domain.verified',
      target: `organisation:${organisationId}`,
      data: { changes: { customDomain: { from: before?.customDomain ?? null, to: claim.domain } } },
    });
    await publishOrganisationChanged(tx, organisationId);
    return readCustomDomainStatus(tx, organisationId);
  });
}
