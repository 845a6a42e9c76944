import { Suspense, useEffect, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { lazyWithPageQuery } from '../../../lib/lazy-with-page-query';
import { onPortalQueryChange } from '../../../lib/portal-query';
import { closeQuestionnaireDialog, isQuestionnaireRequested } from '../lib/questionnaire-query';

const QuestionnaireDialog = lazyWithPageQuery(() => import('./questionnaire-dialog'));

type Props = { view: PortalView; canOpenDialogs: boolean };

/** Opens the questionnaire dialog when the address asks for it, for members allowed to submit. */
export function QuestionnaireEntry({ view, canOpenDialogs }: Props) {
  const [isRequested, setRequested] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const isAllowed =
    view.viewer.mode === 'account_external' &&
    view.viewer.member !== null &&
    view.customisation.questionnairesEnabled;

  useEffect(() => {
    if (!canOpenDialogs || !isAllowed) return;
    const read = () => setRequested(isQuestionnaireRequested(window.location.search));
    read();
    return onPortalQueryChange(read);
  }, [canOpenDialogs, isAllowed]);

  // Each opening starts from the first step.
  useEffect(() => {
    if (isRequested) setOpenCount((count) => count + 1);
  }, [isRequested]);

  if (!isRequested || !isAllowed) return null;
  return (
    <Suspense fallback={null}>
      <QuestionnaireDialog key={openCount} view={view} onClose={closeQuestionnaireDialog} />
    </Suspense>
  );
}
