import { ChevronDown, EyeOff, Lock, Maximize2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import type { CardEditingSlots } from '../../../lib/card-editing-slots';
import { classNames } from '../../../lib/class-names';
import { useTranslator } from '../../../lib/i18n';
import {
  canExpandCard,
  cardHeading,
  cardPreviewItemCount,
  emptyCardText,
  enabledItems,
  previewItems,
} from '../lib/card-content';
import { useCardTexts } from '../lib/card-texts';
import { ItemStatusIcon } from './item-status-icon';
import { PageCardIcon } from './page-card-icon';

export type ItemPreview = { isShowingAll: boolean; listId: string };

export type OpenCardRequest = { kind: CardView['kind']; itemUid: string | null; isEditing: boolean };

type PortalCardProps = {
  view: PortalView;
  card: CardView;
  editing?: CardEditingSlots;
  /** 'wide' spans the page (a section's own card) and lays its preview out in columns. */
  layout?: 'grid' | 'wide';
  onOpen(request: OpenCardRequest): void;
  /** Called when the pointer or focus nears the card, so the drawer's code can load ahead. */
  onIntent?(): void;
  /** A heading that replaces the default title (staff's display text still wins). */
  defaultHeading?: string;
  /**
   * A specialised card's own body, in place of the item preview; a function when that body lists the
   * card's items, so it previews as many as the generic card, behind the same View more toggle.
   */
  children?: ReactNode | ((preview: ItemPreview) => ReactNode);
};

/**
 * A card on the page (spec 2 §2): icon, heading, hidden mark, expand affordance and the staff menu;
 * a preview of the first enabled items with a 'View more' toggle, or the card's placeholder. The
 * heading's button stretches over the whole card, so a click anywhere opens it and Enter/Space work,
 * while the controls inside stay separate buttons above it (no nested interactive elements).
 */
export function PortalCard({
  view,
  card,
  editing,
  layout = 'grid',
  onOpen,
  onIntent,
  defaultHeading,
  children,
}: PortalCardProps) {
  const translator = useTranslator();
  const cardTexts = useCardTexts();
  const [isShowingAll, setShowingAll] = useState(false);
  const headingId = useId();
  const listId = useId();
  const isExpandable = canExpandCard(card);
  const heading = card.displayText?.trim() ? cardHeading(card) : (defaultHeading ?? cardHeading(card));
  const enabledCount = enabledItems(card).length;
  const items = previewItems(card, isShowingAll);
  const isItemPreview = !children || typeof children === 'function';
  const hasMore = isItemPreview && enabledCount > cardPreviewItemCount;
  const isHiddenMarkShown = view.viewer.mode === 'main' && card.isHidden;
  const CardMenu = editing ? editing.CardMenu : null;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="portal-card"
      data-card-kind={card.kind}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className={classNames(
        'group relative flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white shadow-xs transition',
        isExpandable && 'hover:border-slate-300 hover:shadow-md',
        card.isHidden && view.viewer.mode === 'main' && 'border-dashed bg-white/70',
      )}
    >
      <div className="flex items-start gap-3 px-5 pt-5">
        <PageCardIcon card={card} isLive={view.viewer.mode === 'main'} />
        <h2
          id={headingId}
          className="min-w-0 flex-1 self-center text-base leading-6 font-semibold tracking-tight break-words text-slate-900"
        >
          {isExpandable ? (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => onOpen({ kind: card.kind, itemUid: null, isEditing: false })}
              className="cursor-pointer text-left outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-ink focus-visible:after:ring-offset-2"
            >
              {heading}
            </button>
          ) : (
            heading
          )}
        </h2>
        {isHiddenMarkShown ? (
          <span
            title={cardTexts.hiddenHint}
            className="inline-flex shrink-0 items-center gap-1 self-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 ring-inset"
          >
            <EyeOff className="size-3" aria-hidden />
            {cardTexts.hidden}
          </span>
        ) : null}
        {CardMenu ? (
          <div className="relative z-10 shrink-0 self-center">
            <CardMenu
              view={view}
              card={card}
              onEdit={() => onOpen({ kind: card.kind, itemUid: null, isEditing: true })}
            />
          </div>
        ) : null}
        {isExpandable ? (
          <Maximize2
            aria-hidden
            className="mt-2.5 size-4 shrink-0 text-slate-400 transition group-hover:text-brand-ink"
          />
        ) : null}
      </div>

      <div className="flex-1 px-5 pt-3 pb-5">
        {typeof children === 'function' ? (
          children({ isShowingAll, listId })
        ) : children ? (
          children
        ) : items.length > 0 ? (
          <ul
            id={listId}
            className={classNames(
              'grid gap-x-6 gap-y-2.5',
              layout === 'wide' && 'sm:grid-cols-2 lg:grid-cols-3',
            )}
          >
            {items.map((item) => (
              <li key={item.itemUid} className="flex min-w-0 items-start gap-2.5 text-sm text-slate-700">
                <ItemStatusIcon state={item.enabledState} size="sm" className="mt-0.5" />
                <span className="min-w-0 flex-1 leading-5 break-words">{item.title}</span>
                {item.isLocked ? (
                  <span className="mt-0.5 shrink-0 text-slate-400">
                    <Lock className="size-3.5" aria-hidden />
                    <span className="sr-only">{translator.t('documents.locked')}</span>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm leading-6 text-slate-500" data-testid="card-placeholder">
            {emptyCardText(card, cardTexts)}
          </p>
        )}
      </div>

      {hasMore ? (
        <div className="relative z-10 border-t border-slate-100 px-5 py-2.5">
          <button
            type="button"
            aria-expanded={isShowingAll}
            aria-controls={listId}
            onClick={() => setShowingAll((isShown) => !isShown)}
            className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-ink hover:underline hover:underline-offset-4"
          >
            {isShowingAll ? cardTexts.viewLess : cardTexts.viewMore}
            <ChevronDown
              aria-hidden
              className={classNames('size-4 transition', isShowingAll && 'rotate-180')}
            />
          </button>
        </div>
      ) : null}
    </article>
  );
}
