import { accessLimits } from '../../../shared/access';
import { formatMailDate } from '../../../shared/dates';
import type { Config } from '../../config';
import { accessRequestLink, consoleLink, portalLink } from '../../core';
import type { MailContent } from '../mail';
import { type AccessMailContext, type MailOrganisation, mailPerson, portalName } from '../mail';
import { listStaffRecipients } from './queries';

/** One mail to every active staff user of the organisation. */
export async function mailStaff(ctx: AccessMailContext, organisation: MailOrganisation, mail: MailContent) {
  for (const recipient of await listStaffRecipients(ctx.db, organisation.id)) {
    await mailPerson(ctx, organisation, { ...mail, to: recipient.email });
  }
}

const greeting = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');
const askedForAccess = (organisation: MailOrganisation) =>
  `You receive this because you asked for access to the ${portalName(organisation)}.`;
const staffReason = (organisation: MailOrganisation) =>
  `You receive this because you are on the ${organisation.name} team of the ${portalName(organisation)}.`;

export function requestReceivedMail(organisation: MailOrganisation, firstName: string): MailContent {
  const name = portalName(organisation);
  return {
    subject: `We received your request for access to the ${name}`,
    heading: 'We received your request',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `Thank you for asking for access to the ${name}. The ${organisation.name} team reviews every request and will write to you at this address once it has decided.`,
      },
      { kind: 'paragraph', text: 'If you did not ask for this, ignore this message.' },
    ],
    reason: askedForAccess(organisation),
  };
}

/** To the member's own address, so a request made by someone else in their name does not go unseen. */
export function renewalReceivedMail(organisation: MailOrganisation, firstName: string): MailContent {
  const name = portalName(organisation);
  return {
    subject: `We received your request to renew your access to the ${name}`,
    heading: 'We received your renewal request',
    blocks: [
      { kind: 'paragraph', text: greeting(firstName) },
      {
        kind: 'paragraph',
        text: `Your access to the ${name} has expired and you asked for it again. The ${organisation.name} team will write to you at this address once it has decided.`,
      },
      { kind: 'paragraph', text: 'If you did not ask for this, ignore this message.' },
    ],
    reason: askedForAccess(organisation),
  };
}

export function staffReviewMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  request: { firstName: string; lastName: string; email: string; companyName: string; isExtension: boolean },
  requestId: string,
): MailContent {
  const who = `${request.firstName} ${request.lastName} <${request.email}> of ${request.companyName}`;
  return {
    subject: request.isExtension
      ? `Access extension requested for the ${portalName(organisation)}`
      : `New access request for the ${portalName(organisation)}`,
    heading: request.isExtension ? 'Access extension requested' : 'New access request',
    blocks: [
      {
        kind: 'paragraph',
        text: request.isExtension
          ? `${who} asks for their access to the ${portalName(organisation)} to be extended.`
          : `${who} asks for access to the ${portalName(organisation)}.`,
      },
      {
        kind: 'action',
        text: 'Review it in the console',
        label: 'Review the request',
        url: accessRequestLink(config, requestId),
      },
    ],
    reason: `${staffReason(organisation)} You chose an e-mail for each request; change it (hourly or daily digest, none, which products) under Access settings: ${consoleLink(config, 'access-settings#notifications')}`,
  };
}

export type SignInReason = 'login' | 'approved' | 'auto_approved' | 'already_member';

/** What an approval granted: shown in the approval mail (issue 20 part 3). */
export type AccessGrant = { until: Date; permissionProfileName: string | null };

/**
 * The sign-in mail. The link lives 15 minutes, so the mail also says how to get a new one; an approval
 * states what was granted and until when.
 */
export function signInMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  member: { firstName: string },
  reason: SignInReason,
  link: string,
  grant?: AccessGrant,
): MailContent {
  const name = portalName(organisation);
  const opening = {
    login: `Use the link below to sign in to the ${name}.`,
    approved: `Good news: your request for access to the ${name} was approved.`,
    auto_approved: `Your access to the ${name} is ready.`,
    already_member: `You asked for access to the ${name}, and you already have it.`,
  }[reason];
  return {
    subject: reason === 'approved' ? `Your access to the ${name} was approved` : `Sign in to the ${name}`,
    heading: reason === 'approved' ? 'Your access was approved' : `Sign in to the ${name}`,
    blocks: [
      { kind: 'paragraph', text: greeting(member.firstName) },
      { kind: 'paragraph', text: opening },
      ...(grant
        ? [
            {
              kind: 'facts' as const,
              rows: [
                {
                  label: 'Access',
                  value: grant.permissionProfileName
                    ? `Content for approved accounts and the “${grant.permissionProfileName}” profile`
                    : 'Content for approved accounts',
                },
                { label: 'Until', value: formatMailDate(grant.until) },
              ],
            },
          ]
        : []),
      {
        kind: 'action',
        text: `Sign in (the link works once, within ${accessLimits.signInLinkMinutes} minutes)`,
        label: 'Sign in',
        url: link,
      },
      {
        kind: 'paragraph',
        text: `When the link has expired, open the ${name} at ${portalLink(config, organisation)} and sign in with this address: a new link comes by e-mail.`,
      },
      {
        kind: 'paragraph',
        text: 'If you did not ask for this, ignore this message: nobody can sign in without this link.',
      },
    ],
    reason:
      reason === 'login'
        ? `You receive this because someone asked to sign in to the ${name} with this address.`
        : askedForAccess(organisation),
  };
}

/**
 * The signer's receipt after a clickwrap acceptance (issue 29 item 8): the evidence in the mail itself,
 * and where to download the signed PDF. The outbox carries no attachments, so the copy is linked.
 */
export function ndaReceiptMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  signed: {
    firstName: string;
    signerName: string;
    email: string;
    companyName: string;
    ndaTitle: string;
    ndaSha256: string;
    acceptedAt: Date;
  },
): MailContent {
  const name = portalName(organisation);
  return {
    subject: `Your signed NDA with ${organisation.name}`,
    heading: 'You signed the NDA',
    blocks: [
      { kind: 'paragraph', text: greeting(signed.firstName) },
      {
        kind: 'paragraph',
        text: `You accepted “${signed.ndaTitle}” of ${organisation.name} in the ${name}. This is your receipt.`,
      },
      {
        kind: 'facts',
        rows: [
          { label: 'Agreement', value: signed.ndaTitle },
          { label: 'Signed by', value: `${signed.signerName} <${signed.email}>` },
          { label: 'Company', value: signed.companyName },
          {
            label: 'Accepted at',
            value: `${signed.acceptedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          },
          { label: 'SHA-256 of the text', value: signed.ndaSha256 },
        ],
      },
      {
        kind: 'action',
        text: 'The signed copy (PDF, with the evidence of acceptance) is in the portal: sign in and choose “Download signed NDA” in your menu',
        label: 'Open the portal',
        url: portalLink(config, organisation),
      },
    ],
    reason: `You receive this because you accepted an NDA in the ${name} with this address.`,
  };
}

export function inviteMail(
  organisation: MailOrganisation,
  invite: {
    inviter: string;
    inviterEmail: string;
    accountName: string;
    message: string | null;
    link: string;
    /** Of the account's own domain (or the inviter's): they join at once; anyone else is reviewed. */
    isColleague: boolean;
  },
): MailContent {
  const name = portalName(organisation);
  const whatHappens = invite.isColleague
    ? `Open the portal and request access; as a colleague at ${invite.accountName} you get in straight away.`
    : `Open the portal and request access; the ${organisation.name} team reviews your request, which names ${invite.inviter} as the person who invited you.`;
  return {
    subject: `${invite.inviter} invited you to the ${name}`,
    heading: `You are invited to the ${name}`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${invite.inviter} (${invite.inviterEmail}) of ${invite.accountName} invited you to see the ${name}.`,
      },
      ...(invite.message ? [{ kind: 'quote' as const, intro: 'Their message:', text: invite.message }] : []),
      {
        kind: 'action',
        text: `${whatHappens} The invitation is valid for ${accessLimits.inviteDays} days`,
        label: 'Open the portal',
        url: invite.link,
      },
      { kind: 'paragraph', text: 'If you did not expect this, ignore this message.' },
    ],
    reason: `You receive this because ${invite.inviter} (${invite.inviterEmail}) invited you to the ${name}.`,
  };
}

export function requestDeclinedMail(
  organisation: MailOrganisation,
  request: {
    firstName: string;
    reason: string | null;
    declinedBy: 'organisation' | 'third_party';
    /** A member asked for more time before their access ended: that access stays as it was. */
    isExtension?: boolean;
  },
): MailContent {
  const name = portalName(organisation);
  if (request.isExtension) {
    return {
      subject: `Your request for more time on the ${name}`,
      heading: 'Your request for more time was declined',
      blocks: [
        { kind: 'paragraph', text: greeting(request.firstName) },
        {
          kind: 'paragraph',
          text: `The ${organisation.name} team reviewed your request for more time on the ${name} and could not approve it. Your access continues until the end date you were given.`,
        },
        ...(request.reason ? [{ kind: 'paragraph' as const, text: `Their reason: ${request.reason}` }] : []),
      ],
      reason: `You receive this because you asked for more time on the ${name}.`,
    };
  }
  return {
    subject: `Your request for access to the ${name}`,
    heading: 'Your access request was declined',
    blocks: [
      { kind: 'paragraph', text: greeting(request.firstName) },
      {
        kind: 'paragraph',
        text:
          request.declinedBy === 'third_party'
            ? `Your request for access to the ${name} was declined at the request of a third party, such as your company or the contact you named.`
            : `The ${organisation.name} team reviewed your request for access to the ${name} and could not approve it.`,
      },
      ...(request.reason ? [{ kind: 'paragraph' as const, text: `Their reason: ${request.reason}` }] : []),
      { kind: 'paragraph', text: 'Public information on the portal remains available to you.' },
    ],
    reason: askedForAccess(organisation),
  };
}
