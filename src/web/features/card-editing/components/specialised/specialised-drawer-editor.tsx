import type { ComponentProps } from 'react';
import { DrawerEditor } from '../drawer-editor';
import { OverviewEditor } from './overview-editor';
import { RiskProfileEditor } from './risk-profile-editor';
import { SecurityGradesEditor } from './security-grades-editor';
import { TrustedByEditor } from './trusted-by-editor';

/**
 * The drawer's editor: a specialised card's own content editor (answers, grade entries, companies,
 * overview text) above the card's item form, in the same form: the card's one Save saves both.
 */
export function SpecialisedDrawerEditor(props: ComponentProps<typeof DrawerEditor>) {
  const { view, card } = props;
  const specialised =
    card.kind === 'RiskProfile' ? (
      <RiskProfileEditor view={view} card={card} />
    ) : card.kind === 'SecurityGrades' ? (
      <SecurityGradesEditor view={view} card={card} />
    ) : card.kind === 'TrustedBy' ? (
      <TrustedByEditor view={view} />
    ) : card.kind === 'Overview' ? (
      <OverviewEditor view={view} />
    ) : null;
  return <DrawerEditor {...props}>{specialised}</DrawerEditor>;
}
