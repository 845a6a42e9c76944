import { AppError } from '../../../shared/errors';
import { questionnaireMessages } from '../../../shared/questionnaires';
import type { Viewer, ViewerMember } from '../../policy/viewer';

export type QuestionnaireMember = Viewer & { member: ViewerMember };

/** Spec 2 §6: external account members, only when the organisation's customisation allows. */
export function assertCanSubmitQuestionnaire(viewer: Viewer): asserts viewer is QuestionnaireMember {
  if (!viewer.organisation.customisation.questionnairesEnabled) {
    throw new AppError('forbidden', questionnaireMessages.disabled);
  }
  if (viewer.mode !== 'account_external' || !viewer.member) {
    throw new AppError('unauthenticated', questionnaireMessages.memberRequired);
  }
}
