import { accessLimits, InviteColleaguesInput } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { accountInvites } from '../../db/schema';
import { mailPerson } from '../mail';
import { signInviteToken } from './access-tokens';
import type { AccessContext } from './log-in-member';
import { inviteMail } from './mails';
import type { MemberViewer } from './member-viewer';
import { findAccountById } from './queries';
import { isColleagueDomain } from './request-access';

/**
 * An authorised member invites colleagues (spec 3 §2 Invite colleagues): one invite row and one mail
 * each, with a portal link whose inviteToken lets the colleague join the member's account on request.
 */
export async function inviteColleagues({
  ctx,
  input,
}: {
  ctx: AccessContext & { viewer: MemberViewer };
  input: { accountId: string; body: InviteColleaguesInput };
}): Promise<{ ok: true }> {
  const { organisation, member, mode } = ctx.viewer;
  if (member.account.id !== input.accountId || mode !== 'account_external') {
    throw new AppError('forbidden', messages.forbidden);
  }
  const { emails, message } = InviteColleaguesInput.parse(input.body);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + accessLimits.inviteDays * 24 * 3600 * 1000);
  const inviter = `${member.firstName} ${member.lastName}`.trim() || member.email;
  const accountDomain = (await findAccountById(ctx.db, organisation.id, member.account.id))?.domain ?? null;
  // Signed before the transaction: the install secret is read once per process through ctx.db.
  const invites = await Promise.all(
    emails.map(async (email) => {
      const id = crypto.randomUUID();
      const link = new URL(`/${organisation.slug}`, ctx.config.publicUrl);
      link.searchParams.set('requestAccess', 'true');
      link.searchParams.set('source', 'invite');
      link.searchParams.set(
        'inviteToken',
        await signInviteToken(ctx.db, { organisationId: organisation.id, inviteId: id, email, expiresAt }),
      );
      const isColleague = await isColleagueDomain(ctx.db, accountDomain, member.id, email);
      return { id, email, link, isColleague };
    }),
  );
  await ctx.db.transaction(async (tx) => {
    for (const { id, email, link, isColleague } of invites) {
      await tx.insert(accountInvites).values({
        id,
        organisationId: organisation.id,
        accountId: member.account.id,
        invitedByAccountMemberId: member.id,
        email,
        message: message ?? null,
        expiresAt,
      });
      await mailPerson({ ...ctx, db: tx }, organisation, {
        to: email,
        ...inviteMail(organisation, {
          inviter,
          inviterEmail: member.email,
          accountName: member.account.name,
          message: message ?? null,
          link: link.toString(),
          isColleague,
        }),
      });
    }
  });
  return { ok: true };
}
