import type { ReactNode } from 'react';
import type { CardView, ItemView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { riskAnswerLabel, riskQuestionOfKey } from '../../../../shared/risk-profile-catalogue';
import { gradeBand, providerOfKey } from '../../../../shared/security-grade-catalogue';
import { cardPreviewItemCount } from '../lib/card-content';
import { cardTexts } from '../lib/card-texts';
import { specialisedOf, specialisedTexts } from '../lib/specialised';
import { CertificationsGrid, ItemBadge } from './certifications-card/certifications-grid';
import { IntegrationWidget } from './integrations/integration-widget';
import { OverviewText } from './overview-card/overview-text';
import type { ItemPreview } from './portal-card';
import { RiskProfileList } from './risk-profile-card/risk-profile-list';
import { GradePill } from './security-grades-card/grade-pill';
import { SecurityGradesList } from './security-grades-card/security-grades-list';
import { SubprocessorsTable } from './subprocessors-card/subprocessors-table';
import { TrustedByGrid } from './trusted-by-card/trusted-by-grid';

/**
 * The body of a card whose content is not a plain item list (spec 2 §2), or null for the generic
 * preview; a list of the card's items previews like the generic card (3, then View more). Each kind has its renderer; the card frame (header, menu, drawer) stays the same.
 */
export function specialisedCardBody(
  view: PortalView,
  card: CardView,
  onAddItems: (() => void) | undefined,
): ReactNode | ((preview: ItemPreview) => ReactNode) {
  const data = specialisedOf(view);
  switch (card.kind) {
    case 'Certifications':
      return <CertificationsGrid view={view} card={card} onAddItems={onAddItems} />;
    case 'RiskProfile':
      return card.items.some((item) => item.enabledState === 'Enabled') ? (
        <RiskProfileList view={view} card={card} />
      ) : null;
    case 'SecurityGrades':
      return card.items.some((item) => item.enabledState === 'Enabled')
        ? ({ isShowingAll, listId }: ItemPreview) => (
            <SecurityGradesList
              id={listId}
              view={view}
              card={card}
              limit={isShowingAll ? undefined : cardPreviewItemCount}
            />
          )
        : null;
    case 'TrustedBy':
      return <TrustedByGrid companies={data.trustedBy} />;
    case 'Subprocessors':
      return data.subprocessors.length > 0 ? (
        <SubprocessorsTable subprocessors={data.subprocessors} />
      ) : (
        <p className="text-sm text-slate-600">{card.placeholder?.trim() || cardTexts.defaultPlaceholder}</p>
      );
    case 'Overview':
      return (
        <OverviewText
          body={data.overview}
          placeholder={card.placeholder?.trim() || cardTexts.defaultPlaceholder}
        />
      );
    default:
      return null;
  }
}

/** The card's heading when staff set none: trusted by names the organisation (spec 2 §2). */
export function specialisedHeading(view: PortalView, card: CardView): string | undefined {
  if (card.kind === 'TrustedBy' && !card.displayText?.trim()) {
    return specialisedTexts.trustedByHeading(view.organisation.name);
  }
  return undefined;
}

/** What an expanded item of a specialised card shows above its body: badge, answer or grade. */
export function SpecialisedItemDetail({ view, item }: { view: PortalView; item: ItemView }) {
  const data = specialisedOf(view);
  if (data.integrations.some((entry) => entry.itemUid === item.itemUid)) {
    return <IntegrationWidget view={view} item={item} />;
  }
  const key = data.itemKeys[item.itemUid];
  if (key?.startsWith('certifications.')) return <ItemBadge view={view} item={item} />;
  const question = riskQuestionOfKey(key);
  if (question && !item.isLocked) {
    return (
      <p className="text-sm">
        <span className="font-semibold text-slate-900">
          {riskAnswerLabel(question, data.riskAnswers[item.itemUid])}
        </span>
      </p>
    );
  }
  const provider = providerOfKey(key);
  const entry = data.securityGrades.find((grade) => grade.itemUid === item.itemUid);
  if (provider && entry && !item.isLocked) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {entry.grade ? <GradePill grade={entry.grade} band={gradeBand(provider, entry.grade)} /> : null}
        <span className="text-slate-600">{entry.label}</span>
        {entry.url ? <span className="break-all text-slate-600">{entry.url}</span> : null}
      </p>
    );
  }
  return null;
}
