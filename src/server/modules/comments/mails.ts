import type { Config } from '../../config';
import { consoleLink, type MailOrganisation, portalLink, portalName } from '../access/mails';

const excerptLength = 500;

function excerpt(content: string): string {
  return content.length > excerptLength ? `${content.slice(0, excerptLength)}…` : content;
}

export function itemLink(config: Pick<Config, 'publicUrl'>, organisation: MailOrganisation, itemUid: string) {
  const url = new URL(portalLink(config, organisation));
  url.searchParams.set('itemUid', itemUid);
  return url.toString();
}

/** To staff: a member wrote on an item. Plain text mail, so the comment is never markup. */
export function memberCommentedMail(
  config: Pick<Config, 'publicUrl'>,
  input: { memberName: string; accountName: string; itemTitle: string; content: string },
) {
  return {
    subject: `New comment from ${input.accountName} on "${input.itemTitle}"`,
    paragraphs: [
      `${input.memberName} (${input.accountName}) wrote on "${input.itemTitle}":`,
      excerpt(input.content),
      `Answer in the console: ${consoleLink(config, 'comments')}`,
    ],
  };
}

/** To the members of the thread: staff answered. */
export function staffRepliedMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  input: { firstName: string; itemTitle: string; content: string; itemUid: string },
) {
  return {
    subject: `${organisation.name} answered your comment on "${input.itemTitle}"`,
    paragraphs: [
      `Hello ${input.firstName || 'there'},`,
      `The ${organisation.name} team answered in the conversation on "${input.itemTitle}" in the ${portalName(organisation)}:`,
      excerpt(input.content),
      `Read and reply: ${itemLink(config, organisation, input.itemUid)}`,
    ],
  };
}
