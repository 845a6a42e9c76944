import { ChevronDown, ExternalLink } from 'lucide-react';
import { type ReactNode, useContext, useId, useState } from 'react';
import type { CardView, ItemView } from '../../../../shared/cards';
import { formatDate } from '../../../../shared/dates';
import type { PortalView } from '../../../../shared/portal';
import type { CardEditingSlots } from '../../../lib/card-editing-slots';
import { classNames } from '../../../lib/class-names';
import { ItemConversationSlot } from '../../../lib/collaboration-slots';
import { useTranslator } from '../../../lib/i18n';
import { type CardTexts, useCardTexts } from '../lib/card-texts';
import { itemPermalinkHref, requestAccessHref } from '../lib/item-permalink';
import { ItemPermalinkButton } from './item-permalink-button';
import { ItemStatusIcon } from './item-status-icon';
import { ItemTagList } from './item-tag-list';
import { LockedItemNotice } from './locked-item-notice';
import { SpecialisedItemDetail } from './specialised-item-detail';

type ItemEntryProps = {
  view: PortalView;
  basePath: string;
  card: CardView;
  item: ItemView;
  editing?: CardEditingSlots;
  isHighlighted: boolean;
};

/** Dates of the item's own, written as a calendar date: the day that was entered, whatever the time zone. */
function formatCalendarDate(isoDate: string): string {
  return formatDate(isoDate.slice(0, 10));
}

function isWebAddress(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function displayAddress(href: string): string {
  try {
    const url = new URL(href);
    return `${url.host.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return href;
  }
}

function detailsOf(item: ItemView, cardTexts: CardTexts): Array<{ label: string; value: string }> {
  const details: Array<{ label: string; value: string }> = [];
  if (item.auditor?.trim()) details.push({ label: cardTexts.auditor, value: item.auditor.trim() });
  if (item.expiry) details.push({ label: cardTexts.expires, value: formatCalendarDate(item.expiry) });
  if (item.maturity?.trim()) details.push({ label: cardTexts.maturity, value: item.maturity.trim() });
  return details;
}

/**
 * The item's details behind the more-details toggle (spec 2 §2), folded at first. Opening it is the
 * analytics event; closing is not, so each count is one look at the details.
 */
function ItemDetails({ item }: { item: ItemView }) {
  const cardTexts = useCardTexts();
  const [isOpen, setOpen] = useState(false);
  const detailsId = useId();
  const details = detailsOf(item, cardTexts);
  if (details.length === 0) return null;
  const toggle = () => {
    if (!isOpen) trackMoreDetails(item);
    setOpen(!isOpen);
  };
  return (
    <div>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={detailsId}
        onClick={toggle}
        data-testid="item-details-toggle"
        className="inline-flex items-center gap-1 rounded-md font-medium text-brand-ink hover:underline hover:underline-offset-4"
      >
        {isOpen ? cardTexts.lessDetails : cardTexts.moreDetails}
        <ChevronDown aria-hidden className={classNames('size-4 transition', isOpen && 'rotate-180')} />
      </button>
      <div id={detailsId} hidden={!isOpen} data-testid="item-details" className="pt-2">
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {details.map((detail) => (
            <div key={detail.label} className="flex gap-1.5">
              <dt className="text-slate-500">{detail.label}:</dt>
              <dd className="font-medium text-slate-800">{detail.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/**
 * First-party analytics (spec 3 §7 clicks): the item's link or permalink was used. The tracker module
 * is already loaded by the portal page; importing it here keeps it out of the first-load bundle.
 */
function trackItemClick(item: ItemView, target: 'link' | 'permalink') {
  void import('../../../lib/analytics').then(({ trackEvent }) =>
    trackEvent({ name: 'item_clicked', itemId: item.itemUid, subject: item.title, props: { target } }),
  );
}

function trackMoreDetails(item: ItemView) {
  void import('../../../lib/analytics').then(({ trackEvent }) =>
    trackEvent({
      name: 'more_details_toggled',
      itemId: item.itemUid,
      subject: item.title,
      props: { open: true },
    }),
  );
}

/** Explanation as plain text (line breaks kept, never markup), the link, the list and the details. */
function ItemBody({ item }: { item: ItemView }) {
  const translator = useTranslator();
  const parts: ReactNode[] = [];
  if (item.explanation?.trim()) {
    parts.push(
      <p key="explanation" className="leading-6 break-words whitespace-pre-line text-slate-700">
        {item.explanation.trim()}
      </p>,
    );
  }
  if (item.listEntries && item.listEntries.length > 0) {
    parts.push(
      <ul key="list" className="list-disc space-y-1 ps-5 text-slate-700 marker:text-slate-400">
        {item.listEntries.map((entry, index) => (
          // Entries may repeat; the list only changes with a save, which re-renders it whole.
          <li key={index} className="break-words">
            {entry}
          </li>
        ))}
      </ul>,
    );
  }
  if (item.href && isWebAddress(item.href)) {
    parts.push(
      <p key="link">
        <a
          href={item.href}
          onClick={() => trackItemClick(item, 'link')}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex max-w-full items-center gap-1.5 rounded-sm font-medium break-all text-brand-ink underline-offset-4 hover:underline"
        >
          {displayAddress(item.href)}
          <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          <span className="sr-only"> {translator.t('common.opensInNewTab')}</span>
        </a>
      </p>,
    );
  }
  return (
    <>
      {parts}
      <ItemDetails item={item} />
    </>
  );
}

/**
 * An item in the expanded card (spec 2 §2): status icon, title with its permalink, tags, the body
 * (or the restricted notice), and who modified it when.
 */
export function ItemEntry({ view, basePath, card, item, editing, isHighlighted }: ItemEntryProps) {
  const cardTexts = useCardTexts();
  const titleId = useId();
  const ItemMenu = editing ? editing.ItemMenu : null;
  const Conversation = useContext(ItemConversationSlot);
  const title = item.title.trim() || '(Untitled)';
  return (
    <article
      id={`item-${item.itemUid}`}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="item-entry"
      data-item-uid={item.itemUid}
      data-highlighted={isHighlighted || undefined}
      className={classNames(
        'scroll-mt-4 rounded-xl border bg-white p-4 outline-none sm:p-5',
        'focus-visible:ring-2 focus-visible:ring-brand-ink focus-visible:ring-offset-2',
        isHighlighted
          ? 'border-brand-ink/40 shadow-sm motion-safe:animate-[attest-highlight_1.6s_ease-out]'
          : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        <ItemStatusIcon state={item.enabledState} className="mt-0.5" />
        <div className="min-w-0 flex-1 space-y-2">
          <h3 id={titleId} className="leading-6 font-semibold break-words text-slate-900">
            {title}
          </h3>
          <ItemTagList item={item} mode={view.viewer.mode} />
        </div>
        <div className="-mt-1 -me-1 flex shrink-0 items-center gap-0.5">
          <ItemPermalinkButton
            href={itemPermalinkHref(view, basePath, item)}
            itemTitle={title}
            onUse={() => trackItemClick(item, 'permalink')}
          />
          {ItemMenu ? <ItemMenu view={view} card={card} item={item} /> : null}
        </div>
      </div>
      <div className="mt-3 space-y-3 text-sm sm:ps-8">
        <SpecialisedItemDetail view={view} item={item} />
        {item.isLocked ? (
          <LockedItemNotice
            requestAccessHref={requestAccessHref(view, basePath, item)}
            itemKind={card.kind}
          />
        ) : (
          <ItemBody item={item} />
        )}
      </div>
      {Conversation && !item.isLocked ? <Conversation view={view} item={item} /> : null}
      {item.modifiedAt ? (
        <p className="mt-4 border-t border-slate-100 pt-3 text-xs text-slate-500 sm:ms-8">
          {cardTexts.modifiedAt(formatDate(item.modifiedAt))}
          {item.modifiedByName ? cardTexts.modifiedBy(item.modifiedByName) : null}
        </p>
      ) : null}
    </article>
  );
}
