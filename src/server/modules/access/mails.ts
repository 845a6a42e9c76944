import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ViewerOrganisation } from '../../policy/viewer';
import type { Providers } from '../../providers';
import { queueMail } from '../mail/queue-mail';
import { listStaffRecipients } from './queries';

export type AccessMailContext = { db: Database; config: Config; providers: Providers };
export type MailOrganisation = Pick<ViewerOrganisation, 'id' | 'slug' | 'name' | 'customisation'>;

/** "Acme Cloud Trust Center": the organisation's name with its portal title. */
export function portalName(organisation: MailOrganisation): string {
  return `${organisation.name} ${organisation.customisation.portalTitle}`.trim();
}

export function portalLink(config: Pick<Config, 'publicUrl'>, organisation: { slug: string }): string {
  return new URL(`/${organisation.slug}`, config.publicUrl).toString();
}

export function consoleLink(config: Pick<Config, 'publicUrl'>, path: string): string {
  return new URL(`/console/${path}`, config.publicUrl).toString();
}

export async function mailPerson(
  ctx: AccessMailContext,
  organisation: MailOrganisation,
  mail: { to: string; subject: string; paragraphs: string[] },
) {
  await queueMail(ctx, {
    to: mail.to,
    organisationId: organisation.id,
    subject: mail.subject,
    text: mail.paragraphs.join('\n\n'),
  });
}

/** One mail to every active staff user of the organisation. */
export async function mailStaff(
  ctx: AccessMailContext,
  organisation: MailOrganisation,
  mail: { subject: string; paragraphs: string[] },
) {
  for (const recipient of await listStaffRecipients(ctx.db, organisation.id)) {
    await mailPerson(ctx, organisation, { ...mail, to: recipient.email });
  }
}

export function requestReceivedMail(organisation: MailOrganisation, firstName: string) {
  const name = portalName(organisation);
  return {
    subject: `We received your request for access to the ${name}`,
    paragraphs: [
      `Hello ${firstName},`,
      `Thank you for asking for access to the ${name}. The ${organisation.name} team reviews every request and will write to you at this address once it has decided.`,
      'If you did not ask for this, ignore this message.',
    ],
  };
}

/** To the member's own address, so a request made by someone else in their name does not go unseen. */
export function renewalReceivedMail(organisation: MailOrganisation, firstName: string) {
  const name = portalName(organisation);
  return {
    subject: `We received your request to renew your access to the ${name}`,
    paragraphs: [
      firstName ? `Hello ${firstName},` : 'Hello,',
      `Your access to the ${name} has expired and you asked for it again. The ${organisation.name} team will write to you at this address once it has decided.`,
      'If you did not ask for this, ignore this message.',
    ],
  };
}

export function staffReviewMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  request: { firstName: string; lastName: string; email: string; companyName: string; isExtension: boolean },
) {
  const who = `${request.firstName} ${request.lastName} <${request.email}> of ${request.companyName}`;
  return {
    subject: request.isExtension
      ? `Access extension requested for the ${portalName(organisation)}`
      : `New access request for the ${portalName(organisation)}`,
    paragraphs: [
      request.isExtension
        ? `${who} asks for their access to the ${portalName(organisation)} to be extended.`
        : `${who} asks for access to the ${portalName(organisation)}.`,
      `Review it in the console: ${consoleLink(config, 'access-requests')}`,
    ],
  };
}
