import { and, eq } from 'drizzle-orm';
import { formatMailDate } from '../../../shared/dates';
import { portalLink } from '../../core';
import type { Database } from '../../db/client';
import { accountMembers, accounts, permissionProfiles } from '../../db/schema';
import type { MailContent } from '../mail';
import { type AccessMailContext, type MailOrganisation, mailPerson, portalName } from '../mail';

/** The name of the permission profile an account reads through, or null when it has none. */
export async function findAccountProfileName(db: Database, organisationId: string, accountId: string) {
  const [row] = await db
    .select({ name: permissionProfiles.name })
    .from(accounts)
    .innerJoin(permissionProfiles, eq(permissionProfiles.id, accounts.permissionProfileId))
    .where(and(eq(accounts.organisationId, organisationId), eq(accounts.id, accountId)))
    .limit(1);
  return row?.name ?? null;
}

const memberReason = (organisation: MailOrganisation, accountName: string) =>
  `You receive this because you are a member of ${accountName}'s access to the ${portalName(organisation)}.`;

export function accessExtendedMail(
  config: { publicUrl: string },
  organisation: MailOrganisation,
  input: { firstName: string; accountName: string; until: Date },
): MailContent {
  const name = portalName(organisation);
  return {
    subject: `Your access to the ${name} was extended`,
    heading: 'Your access was extended',
    blocks: [
      { kind: 'paragraph', text: input.firstName ? `Hello ${input.firstName},` : 'Hello,' },
      {
        kind: 'paragraph',
        text: `The ${organisation.name} team extended the access of ${input.accountName} to the ${name}.`,
      },
      { kind: 'facts', rows: [{ label: 'Until', value: formatMailDate(input.until) }] },
      {
        kind: 'action',
        text: 'Open the portal and sign in with this address',
        label: 'Open the portal',
        url: portalLink(config, organisation),
      },
    ],
    reason: memberReason(organisation, input.accountName),
  };
}

/** The expiry reminder (issue 20 part 3): the end date, and one click to ask for more time. */
export function accessEndingMail(
  config: { publicUrl: string },
  organisation: MailOrganisation,
  input: { firstName: string; accountName: string; until: Date; moreTimeUrl: string },
): MailContent {
  const name = portalName(organisation);
  const until = formatMailDate(input.until);
  return {
    subject: `Your access to the ${name} ends on ${until}`,
    heading: 'Your access ends soon',
    blocks: [
      { kind: 'paragraph', text: input.firstName ? `Hello ${input.firstName},` : 'Hello,' },
      {
        kind: 'paragraph',
        text: `The access of ${input.accountName} to the ${name} ends on ${until}. After that, its restricted documents are no longer available to you.`,
      },
      { kind: 'facts', rows: [{ label: 'Until', value: until }] },
      {
        kind: 'action',
        text: `Still need it? Request more time from the ${organisation.name} team with one click`,
        label: 'Request more time',
        url: input.moreTimeUrl,
      },
      {
        kind: 'paragraph',
        text: `The ${organisation.name} team reviews the request and writes to you once it has decided. If you no longer need access, ignore this message. The portal stays at ${portalLink(config, organisation)}.`,
      },
    ],
    reason: memberReason(organisation, input.accountName),
  };
}

export function accessRevokedMail(
  config: { publicUrl: string },
  organisation: MailOrganisation,
  input: { firstName: string; accountName: string },
): MailContent {
  const name = portalName(organisation);
  return {
    subject: `Your access to the ${name} has ended`,
    heading: 'Your access has ended',
    blocks: [
      { kind: 'paragraph', text: input.firstName ? `Hello ${input.firstName},` : 'Hello,' },
      {
        kind: 'paragraph',
        text: `The ${organisation.name} team ended the access of ${input.accountName} to the ${name}. Restricted documents are no longer available to you.`,
      },
      {
        kind: 'action',
        text: 'Public information on the portal remains available to you, and you can request access again there',
        label: 'Open the portal',
        url: portalLink(config, organisation),
      },
    ],
    reason: memberReason(organisation, input.accountName),
  };
}

/** One mail to each member of the account, in the caller's transaction. */
export async function mailAccountMembers(
  ctx: AccessMailContext,
  organisation: MailOrganisation,
  accountId: string,
  compose: (member: { firstName: string }, account: { name: string }) => MailContent,
) {
  const members = await ctx.db
    .select({ email: accountMembers.email, firstName: accountMembers.firstName, accountName: accounts.name })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(and(eq(accountMembers.organisationId, organisation.id), eq(accountMembers.accountId, accountId)));
  for (const member of members) {
    await mailPerson(ctx, organisation, {
      to: member.email,
      ...compose(member, { name: member.accountName }),
    });
  }
}
