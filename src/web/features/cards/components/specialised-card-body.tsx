import type { ReactNode } from 'react';
import type { CardView } from '../../../../shared/cards';
import type { Translator } from '../../../../shared/i18n/translator';
import type { PortalView } from '../../../../shared/portal';
import { cardPreviewItemCount } from '../lib/card-content';
import { useCardTexts } from '../lib/card-texts';
import { specialisedOf, specialisedTextsFor } from '../lib/specialised';
import {
  DeferredSecurityGradesList,
  DeferredSubprocessorsTable,
  DeferredTrustedByGrid,
} from './deferred-card-parts';
import { OverviewText } from './overview-card/overview-text';
import type { ItemPreview } from './portal-card';
import { StaticCardBody } from './static-card-body';
import { UpcomingSubprocessorChanges } from './subprocessors-card/upcoming-changes';

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
      return <StaticCardBody view={view} card={card} onAddItems={onAddItems} />;
    case 'RiskProfile':
      return card.items.some((item) => item.enabledState === 'Enabled') ? (
        <StaticCardBody view={view} card={card} />
      ) : null;
    case 'SecurityGrades':
      return card.items.some((item) => item.enabledState === 'Enabled')
        ? ({ isShowingAll, listId }: ItemPreview) => (
            <DeferredSecurityGradesList
              id={listId}
              view={view}
              card={card}
              limit={isShowingAll ? undefined : cardPreviewItemCount}
            />
          )
        : null;
    case 'TrustedBy':
      return <DeferredTrustedByGrid companies={data.trustedBy} />;
    case 'Subprocessors':
      return (
        <>
          <UpcomingSubprocessorChanges changes={data.upcomingSubprocessorChanges ?? []} />
          {data.subprocessors.length > 0 ? (
            <DeferredSubprocessorsTable subprocessors={data.subprocessors} />
          ) : (
            <p className="text-sm text-slate-600">{card.placeholder?.trim() || <DefaultPlaceholder />}</p>
          )}
        </>
      );
    case 'Overview':
      return (
        <OverviewText body={data.overview} placeholder={card.placeholder?.trim() || <DefaultPlaceholder />} />
      );
    default:
      return null;
  }
}

/** What a card says while it holds nothing and staff wrote no placeholder. */
function DefaultPlaceholder() {
  return <>{useCardTexts().defaultPlaceholder}</>;
}

/** The card's heading when staff set none: trusted by names the organisation (spec 2 §2). */
export function specialisedHeading(
  view: PortalView,
  card: CardView,
  translator: Translator,
): string | undefined {
  if (card.kind === 'TrustedBy' && !card.displayText?.trim()) {
    return specialisedTextsFor(translator).trustedByHeading(view.organisation.name);
  }
  return undefined;
}
