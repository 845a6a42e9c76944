import { LoginInput, type LoginResult } from '../../../shared/access';
import type { Context } from '../../context';
import { findDomainRule, findOrCreateAccessSettings } from './access-settings-store';
import { emailDomain, isFreeMailDomain } from './email-domains';
import { memberStanding, requestStanding } from './member-status';
import { findLatestRequestByEmail, findMemberByEmail } from './queries';
import { mailSignInLink } from './sign-in-links';

export type AccessContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/**
 * Work-e-mail sign-in (spec 3 §4 login outcomes). An authorised member gets a one-time sign-in link by
 * mail ('check_email'): knowing an address never signs anyone in. A blocked domain is refused first,
 * even for an existing member; the invite token is read by the request tab, not here.
 */
export async function logInMember({
  ctx,
  input,
}: {
  ctx: AccessContext;
  input: LoginInput;
}): Promise<LoginResult> {
  const { email } = LoginInput.parse(input);
  const organisation = ctx.viewer.organisation;
  const domain = emailDomain(email);
  const answer = (outcome: LoginResult['outcome']): LoginResult => ({ outcome, email });
  if ((await findDomainRule(ctx.db, organisation.id, domain)) === 'blocked') {
    return answer('request_declined_blocked_domain');
  }
  const now = new Date();
  const found = await findMemberByEmail(ctx.db, organisation.id, email);
  if (found) {
    const latest = await findLatestRequestByEmail(ctx.db, organisation.id, email);
    const standing = memberStanding(found.account, latest, now);
    if (standing !== 'authorised') return answer(standing);
    await ctx.db.transaction((tx) =>
      mailSignInLink({ ...ctx, db: tx }, organisation, found.member, 'login', now),
    );
    return answer('check_email');
  }
  const settings = await findOrCreateAccessSettings(ctx.db, organisation.id);
  if (settings.rejectFreeMailDomains && isFreeMailDomain(domain)) return answer('not_work_email');
  const standing = requestStanding(await findLatestRequestByEmail(ctx.db, organisation.id, email));
  return answer(standing && standing !== 'authorised' ? standing : 'email_not_recognised');
}
