import { writePortalQuery } from '../../../lib/portal-query';

/** The account menu opens the questionnaire dialog with ?submitQuestionnaire=true (spec 2 §2). */
export const questionnaireQueryName = 'submitQuestionnaire';

export function isQuestionnaireRequested(search: string): boolean {
  return new URLSearchParams(search).get(questionnaireQueryName) === 'true';
}

export function closeQuestionnaireDialog() {
  writePortalQuery({ [questionnaireQueryName]: null });
}
