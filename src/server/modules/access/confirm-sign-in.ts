import { accessMessages } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import type { AccessContext } from './log-in-member';
import { type NewMemberSession, startMemberSession } from './member-sessions';
import { isAccountAuthorised } from './member-status';
import { findMemberById } from './queries';
import { consumeSignInToken } from './sign-in-links';

/**
 * Trades a one-time sign-in token for a member session. Used, expired, foreign or tampered tokens,
 * and members whose access ended since the link was sent, get no session.
 */
export async function confirmSignIn({
  ctx,
  input,
}: {
  ctx: AccessContext;
  input: { token: string; replacedToken: string | null };
}): Promise<NewMemberSession> {
  const organisationId = ctx.viewer.organisation.id;
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const accountMemberId = await consumeSignInToken(tx, organisationId, input.token, now);
    const found = accountMemberId ? await findMemberById(tx, organisationId, accountMemberId) : null;
    if (!found || !isAccountAuthorised(found.account, now)) {
      throw new AppError('token_invalid', accessMessages.signInLinkInvalid);
    }
    return startMemberSession(tx, {
      organisationId,
      accountMemberId: found.member.id,
      replacedToken: input.replacedToken,
      now,
    });
  });
}
