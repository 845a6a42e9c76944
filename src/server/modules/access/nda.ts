import { AcceptNdaInput, accessMessages, type NdaStatus } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { ndaAcceptances } from '../../db/schema';
import { mailPerson } from '../mail';
import { findOrCreateAccessSettings } from './access-settings-store';
import type { AccessContext } from './log-in-member';
import { ndaReceiptMail } from './mails';
import { findCurrentNdaVersion, listMemberAcceptances } from './queries';

/**
 * GET {base}/nda: clickwrap when the organisation requires an NDA and has written one, else none.
 * The text to accept is sent to a signed-in member who has not accepted its current version.
 */
export async function getNdaStatus({ ctx }: { ctx: AccessContext }): Promise<NdaStatus> {
  const { organisation, member } = ctx.viewer;
  const settings = await findOrCreateAccessSettings(ctx.db, organisation.id);
  const current = settings.requireNda ? await findCurrentNdaVersion(ctx.db, organisation.id) : null;
  const email = member?.email ?? null;
  if (!current) return { passed: true, provider: 'none', email, nda: null, hasChanged: false };
  if (!member) return { passed: false, provider: 'clickwrap', email: null, nda: null, hasChanged: false };
  const acceptances = await listMemberAcceptances(ctx.db, organisation.id, member.id);
  const passed = acceptances.some((acceptance) => acceptance.ndaVersionId === current.id);
  return {
    passed,
    provider: 'clickwrap',
    email,
    nda: passed ? null : { id: current.id, title: current.title, body: current.body, sha256: current.sha256 },
    hasChanged: !passed && acceptances.length > 0,
  };
}

/** Clickwrap evidence: the exact text's sha256, the signer's name and address, the time, IP and browser. */
export async function acceptNda({
  ctx,
  input,
}: {
  ctx: AccessContext;
  input: { body: AcceptNdaInput; ipAddress: string | null; userAgent: string | null };
}): Promise<NdaStatus> {
  const { organisation, member, mode } = ctx.viewer;
  if (!member || mode !== 'account_external') throw new AppError('forbidden', messages.forbidden);
  const { ndaVersionId, signerName } = AcceptNdaInput.parse(input.body);
  const current = await findCurrentNdaVersion(ctx.db, organisation.id);
  if (!current || current.id !== ndaVersionId) throw new AppError('conflict', accessMessages.ndaChanged);
  await ctx.db.transaction(async (tx) => {
    const [accepted] = await tx
      .insert(ndaAcceptances)
      .values({
        organisationId: organisation.id,
        ndaVersionId: current.id,
        accountMemberId: member.id,
        signerName,
        signerEmail: member.email,
        ndaSha256: current.sha256,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      })
      .onConflictDoNothing()
      .returning({ acceptedAt: ndaAcceptances.acceptedAt });
    // A second click of the same version records nothing new, so it mails nothing either.
    if (!accepted) return;
    await mailPerson({ ...ctx, db: tx }, organisation, {
      to: member.email,
      ...ndaReceiptMail(ctx.config, organisation, {
        firstName: member.firstName,
        signerName,
        email: member.email,
        companyName: member.account.name,
        ndaTitle: current.title,
        ndaSha256: current.sha256,
        acceptedAt: accepted.acceptedAt,
      }),
    });
  });
  return getNdaStatus({ ctx });
}
