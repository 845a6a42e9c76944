import type { CardView } from '../../../../../shared/cards';
import { badgeFor, certificationOfKey, fallbackBadge } from '../../../../../shared/certification-catalogue';
import type { PortalView } from '../../../../../shared/portal';
import { CertificationBadge } from '../../../../components/domain/certification-badge';
import { Button } from '../../../../components/ui/button';
import { classNames } from '../../../../lib/class-names';
import { useCardTexts } from '../../lib/card-texts';
import { specialisedOf, useSpecialisedTexts } from '../../lib/specialised';

type CertificationsGridProps = {
  view: PortalView;
  card: CardView;
  /** Staff who can edit get 'Add Items' on an empty card; it opens the editor. */
  onAddItems?(): void;
};

/**
 * The certifications card's logo grid (spec 2 §2, §9): a 56×56 badge per enabled or in-progress
 * item in a tile a quarter wide; in-progress badges are faded, not-enabled ones greyscaled.
 */
export function CertificationsGrid({ view, card, onAddItems }: CertificationsGridProps) {
  const specialisedTexts = useSpecialisedTexts();
  const cardTexts = useCardTexts();
  const keys = specialisedOf(view).itemKeys;
  const shown = card.items.filter((item) => item.enabledState !== 'NotEnabled');
  if (shown.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="certifications-empty">
        <p className="text-sm text-slate-600">
          {card.placeholder?.trim() || specialisedTexts.emptyCertifications}
        </p>
        {onAddItems ? (
          <Button size="sm" variant="secondary" className="relative z-10" onClick={onAddItems}>
            {specialisedTexts.addItems}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <ul className="-mx-2 flex flex-wrap" data-testid="certifications-grid">
      {shown.map((item) => {
        const certification = certificationOfKey(keys[item.itemUid]);
        const badge = certification ? badgeFor(certification, item.auditor) : fallbackBadge(item.title);
        const isInProgress = item.enabledState === 'WorkInProgress';
        return (
          <li
            key={item.itemUid}
            className="flex w-1/4 min-w-0 flex-col items-center gap-1.5 px-2 py-2 text-center"
            data-testid="certification-tile"
          >
            <span className={classNames(isInProgress && 'opacity-50')}>
              <CertificationBadge badge={badge} />
            </span>
            <span className="w-full text-xs leading-4 font-medium break-words text-slate-800">
              {item.title}
            </span>
            {isInProgress ? <span className="text-[11px] text-slate-600">{cardTexts.inProgress}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The badge of one item, for the expanded card's entries. */
export function ItemBadge({ view, item }: { view: PortalView; item: CardView['items'][number] }) {
  const certification = certificationOfKey(specialisedOf(view).itemKeys[item.itemUid]);
  const badge = certification ? badgeFor(certification, item.auditor) : fallbackBadge(item.title);
  return (
    <span
      className={classNames(
        item.enabledState === 'NotEnabled' && 'grayscale',
        item.enabledState === 'WorkInProgress' && 'opacity-50',
      )}
    >
      <CertificationBadge badge={badge} />
    </span>
  );
}
