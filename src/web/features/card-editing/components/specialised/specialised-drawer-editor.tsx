import type { ComponentProps } from 'react';
import { DrawerEditor } from '../drawer-editor';
import { OverviewEditor } from './overview-editor';
import { RiskProfileEditor } from './risk-profile-editor';
import { SecurityGradesEditor } from './security-grades-editor';
import { TrustedByEditor } from './trusted-by-editor';

/**
 * The drawer's editor: a specialised card's own content editor (answers, grade entries, companies,
 * overview text) above the card's item form. Each saves on its own, so they are separate forms.
 */
export function SpecialisedDrawerEditor(props: ComponentProps<typeof DrawerEditor>) {
  const { view, card, csrfToken } = props;
  const specialised =
    card.kind === 'RiskProfile' ? (
      <RiskProfileEditor view={view} card={card} csrfToken={csrfToken} />
    ) : card.kind === 'SecurityGrades' ? (
      <SecurityGradesEditor view={view} card={card} csrfToken={csrfToken} />
    ) : card.kind === 'TrustedBy' ? (
      <TrustedByEditor view={view} csrfToken={csrfToken} />
    ) : card.kind === 'Overview' ? (
      <OverviewEditor view={view} csrfToken={csrfToken} />
    ) : null;
  if (!specialised) return <DrawerEditor {...props} />;
  return (
    <div className="flex min-h-full flex-col">
      <div className="space-y-4 p-4 pb-0 sm:p-6 sm:pb-0">{specialised}</div>
      <DrawerEditor {...props} />
    </div>
  );
}
