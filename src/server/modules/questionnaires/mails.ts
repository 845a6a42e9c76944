import type { Config } from '../../config';
import { consoleLink } from '../../core';
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
