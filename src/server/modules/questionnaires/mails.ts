import type { Config } from '../../config';
import { consoleLink, portalLink } from '../../core';
import type { MailContent, MailOrganisation } from '../mail';
import { portalName } from '../mail';

/** To staff: a member sent a questionnaire (the link is shown as text, never fetched). */
export function questionnaireSubmittedMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  input: { memberName: string; accountName: string; what: string },
): MailContent {
  return {
    subject: `New questionnaire from ${input.accountName}`,
    heading: 'New questionnaire',
    blocks: [
      {
        kind: 'paragraph',
        text: `${input.memberName} (${input.accountName}) submitted a questionnaire: ${input.what}.`,
      },
      {
        kind: 'action',
        text: 'Review it in the console',
        label: 'Review the questionnaire',
        url: consoleLink(config, 'questionnaires'),
      },
    ],
    reason: `You receive this because you are on the ${organisation.name} team of the ${portalName(organisation)}.`,
  };
}

/**
 * To the member who submitted it: the answers are in the portal. The link opens the questionnaire
 * dialog, which lists the account's questionnaires; it changes nothing, so a scanner opening it is harmless.
 */
export function questionnaireAnsweredMail(
  config: Pick<Config, 'publicUrl'>,
  organisation: MailOrganisation,
  input: { firstName: string; what: string },
): MailContent {
  const link = new URL(portalLink(config, organisation));
  link.searchParams.set('submitQuestionnaire', 'true');
  return {
    subject: `Your questionnaire has been answered: ${input.what}`,
    heading: 'Your questionnaire has been answered',
    blocks: [
      { kind: 'paragraph', text: input.firstName ? `Hello ${input.firstName},` : 'Hello,' },
      {
        kind: 'paragraph',
        text: `The ${organisation.name} team has answered your questionnaire (${input.what}). Sign in to the ${portalName(organisation)} to download the answers.`,
      },
      {
        kind: 'action',
        text: 'Open your questionnaires',
        label: 'Download the answers',
        url: link.toString(),
      },
    ],
    reason: `You receive this because you submitted a questionnaire on the ${portalName(organisation)}.`,
  };
}
