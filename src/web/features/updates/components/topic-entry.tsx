import { useId, useState } from 'react';
import type { TopicView } from '../../../../shared/updates';
import { RichText } from '../../../components/ui/rich-text';
import { classNames } from '../../../lib/class-names';
import { useTranslator } from '../../../lib/i18n';
import { updateElementId } from '../lib/highlight';
import {
  CategoryBadge,
  HiddenMarker,
  PinnedMarker,
  PrivateAudienceMarker,
  ProductBadge,
} from './update-badges';

type TopicEntryProps = { topic: TopicView; isHighlighted: boolean };

function UpdateBody({ update }: { update: TopicView['updates'][number] }) {
  return (
    <>
      {update.audience === 'private' ? (
        <div className="mb-2">
          <PrivateAudienceMarker />
        </div>
      ) : null}
      <RichText html={update.html} />
    </>
  );
}

/**
 * One topic on the updates card: subject, pinned marker, category, the date of its newest update and
 * that update's message; earlier updates of the thread fold out on request.
 */
export function TopicEntry({ topic, isHighlighted }: TopicEntryProps) {
  const { t, date } = useTranslator();
  const [isShowingEarlier, setShowingEarlier] = useState(false);
  const headingId = useId();
  const earlierId = useId();
  const [latest, ...earlier] = topic.updates;
  return (
    <article
      id={updateElementId(topic.id)}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="trust-update"
      data-highlighted={isHighlighted || undefined}
      className={classNames(
        '-mx-2 rounded-xl px-2 py-4 outline-none sm:-mx-3 sm:px-3',
        isHighlighted &&
          'bg-brand-soft/60 ring-2 ring-brand-ink motion-safe:animate-[attest-highlight_1.2s_ease-out]',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
        <h3
          id={headingId}
          className="min-w-0 text-base leading-6 font-semibold tracking-tight break-words text-slate-900"
        >
          {topic.subject}
        </h3>
        {topic.isHidden ? <HiddenMarker /> : null}
        {topic.isPinned ? <PinnedMarker /> : null}
        <CategoryBadge category={topic.category} />
        {topic.productName ? <ProductBadge name={topic.productName} /> : null}
      </div>
      <time dateTime={topic.latestAt} className="mt-1 block text-xs font-medium text-slate-500">
        {date(topic.latestAt)}
      </time>
      {latest ? (
        <div className="mt-2">
          <UpdateBody update={latest} />
        </div>
      ) : null}
      {earlier.length > 0 ? (
        <div className="mt-3">
          <button
            type="button"
            aria-expanded={isShowingEarlier}
            aria-controls={earlierId}
            onClick={() => setShowingEarlier((current) => !current)}
            className="text-sm font-medium text-brand-ink underline-offset-4 hover:underline"
          >
            {isShowingEarlier
              ? t('updates.hideEarlier')
              : t('updates.showEarlier', { count: earlier.length })}
          </button>
          <ol
            id={earlierId}
            hidden={!isShowingEarlier}
            className="mt-3 space-y-4 border-s-2 border-slate-200 ps-4"
          >
            {earlier.map((update) => (
              <li key={update.id}>
                <time dateTime={update.createdAt} className="block text-xs font-medium text-slate-500">
                  {date(update.createdAt)}
                </time>
                <div className="mt-1">
                  <UpdateBody update={update} />
                </div>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </article>
  );
}
