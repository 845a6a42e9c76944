import type { Config } from '../../config';
import { consoleLink } from '../access/mails';

/** To staff: a member sent a questionnaire (the link is shown as text, never fetched). */
export function questionnaireSubmittedMail(
  config: Pick<Config, 'publicUrl'>,
  input: { memberName: string; accountName: string; what: string },
) {
  return {
    subject: `New questionnaire from ${input.accountName}`,
    paragraphs: [
      `${input.memberName} (${input.accountName}) submitted a questionnaire: ${input.what}.`,
      `Review it in the console: ${consoleLink(config, 'questionnaires')}`,
    ],
  };
}
