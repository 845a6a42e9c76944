import type { Config } from '../../config';
import { consoleLink, portalLink } from '../../core';
import type { MailContent, MailOrganisation } from '../mail';
import { portalName } from '../mail';

const excerptLength = 500;

function excerpt(content: string): string {
  return content.length > excerptLength ? `${content.slice(0, excerptLength)}…` : content;
}

export function itemLink(config: Pick<Config, 'publicUrl'>, organisation: MailOrganisation, itemUid: string) {
  const url = new URL(portalLink(config, organisation));
  url.searchParams.set('itemUid', itemUid);
  return url.toString();
}

/** To staff: a member wrote on an item. The comment is a quote of plain text, never markup. */
export function memberCommentedMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  input: { memberName: string; accountName: string; itemTitle: string; content: string },
): MailContent {
  return {
    subject: `New comment from ${input.accountName} on "${input.itemTitle}"`,
    heading: 'New comment',
    blocks: [
      {
        kind: 'quote',
        intro: `${input.memberName} (${input.accountName}) wrote on "${input.itemTitle}":`,
        text: excerpt(input.content),
      },
      {
        kind: 'action',
        text: 'Answer in the console',
        label: 'Answer',
        url: consoleLink(config, 'comments'),
      },
    ],
    reason: `You receive this because you are on the ${organisation.name} team of the ${portalName(organisation)}.`,
  };
}

/** To the members of the thread: staff answered. */
export function staffRepliedMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  input: { firstName: string; itemTitle: string; content: string; itemUid: string },
): MailContent {
  return {
    subject: `${organisation.name} answered your comment on "${input.itemTitle}"`,
    heading: `${organisation.name} answered your comment`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${input.firstName || 'there'},` },
      {
        kind: 'quote',
        intro: `The ${organisation.name} team answered in the conversation on "${input.itemTitle}" in the ${portalName(organisation)}:`,
        text: excerpt(input.content),
      },
      {
        kind: 'action',
        text: 'Read and reply',
        label: 'Read and reply',
        url: itemLink(config, organisation, input.itemUid),
      },
    ],
    reason: `You receive this because you took part in the conversation on "${input.itemTitle}" in the ${portalName(organisation)}.`,
  };
}
