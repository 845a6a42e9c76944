import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Megaphone, Plus } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { updateMessages } from '../../../../shared/update-texts';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTranslator } from '../../../lib/i18n';
import { onPortalQueryChange } from '../../../lib/portal-query';
import {
  fetchVisitorUpdates,
  type VisitorUpdatesRequest,
  visitorUpdatesQueryKey,
} from '../api/visitor-updates';
import { readHighlightedId, scrollToHighlight, updateElementId } from '../lib/highlight';
import { updateTexts } from '../lib/update-texts';
import {
  canPublishInPlace,
  isTopicId,
  isUpdatesCardShown,
  isUpdatesSubscribeShown,
} from '../lib/updates-visibility';
import { TopicEntry } from './topic-entry';

const PublishDialog = lazy(() => import('./publish-dialog'));

type UpdatesCardProps = {
  view: PortalView;
  /** The subscriptions feature's Subscribe button and popover, composed by the route. */
  renderSubscribeButton?: () => ReactNode;
};

/** What the card asks for: a page, or the page holding the topic tcuUid names (seek counts each ask). */
type Target = { page: number; topicId: string | null; seek: number };

function initialTarget(): Target {
  const id = typeof window === 'undefined' ? null : readHighlightedId(window.location.search);
  return { page: 1, topicId: isTopicId(id) ? id : null, seek: 0 };
}

function CardLoading() {
  return (
    <div className="space-y-5 py-4" aria-busy="true">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-3 w-28" />
          <Skeleton className="h-12 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The trust updates card (spec 3 §2): '{portal title} Updates', 5 topics per page, pinned first with
 * a marker; the Subscribe button for visitors; 'Publish update' for staff who edit in Main mode. The
 * topic named by tcuUid is fetched on its page, scrolled to 200 px below the top and highlighted.
 */
export default function UpdatesCard({ view, renderSubscribeButton }: UpdatesCardProps) {
  const { t } = useTranslator();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Target>(initialTarget);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [isPublishOpen, setPublishOpen] = useState(false);
  const handledSeek = useRef<number | null>(null);

  const request: VisitorUpdatesRequest = {
    organisationSlug: view.organisation.slug,
    productSlug: view.product.isDefault ? undefined : view.product.productSlug,
    page: target.page,
    topicId: target.topicId ?? undefined,
  };
  const updates = useQuery({
    queryKey: visitorUpdatesQueryKey(request),
    queryFn: () => fetchVisitorUpdates(request, window.location.search),
    placeholderData: keepPreviousData,
  });

  // The notification bar (or back/forward) changes tcuUid without a reload: seek that topic again.
  useEffect(
    () =>
      onPortalQueryChange(() => {
        const id = readHighlightedId(window.location.search);
        if (!isTopicId(id)) return;
        setTarget((current) => ({ page: current.page, topicId: id, seek: current.seek + 1 }));
      }),
    [],
  );

  const data = updates.isPlaceholderData ? undefined : updates.data;
  useEffect(() => {
    if (!data || !target.topicId || handledSeek.current === target.seek) return;
    handledSeek.current = target.seek;
    if (!data.topics.some((topic) => topic.id === target.topicId)) return;
    setHighlightedId(target.topicId);
    const element = document.getElementById(updateElementId(target.topicId));
    if (!element) return;
    const stopSettling = scrollToHighlight(element);
    element.focus({ preventScroll: true });
    return stopSettling;
  }, [data, target]);

  const changePage = useCallback((page: number) => {
    setHighlightedId(null);
    setTarget((current) => ({ page, topicId: null, seek: current.seek }));
  }, []);

  const closePublish = useCallback(
    (isPublished: boolean) => {
      setPublishOpen(false);
      if (!isPublished) return;
      void queryClient.invalidateQueries({ queryKey: ['trust-updates'] });
      changePage(1);
    },
    [queryClient, changePage],
  );

  const shown = updates.data;
  if (shown && !isUpdatesCardShown(view, shown.totalTopics)) return null;
  const canPublish = canPublishInPlace(view);
  const title = t('updates.cardTitle', { portalTitle: view.customisation.portalTitle });

  return (
    <section
      aria-labelledby={headingId}
      id="trust-updates"
      data-testid="updates-card"
      className="rounded-2xl border border-slate-200 bg-white shadow-xs"
    >
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-4">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand-ink">
          <Megaphone className="size-5" aria-hidden />
        </span>
        <h2
          id={headingId}
          className="min-w-0 flex-1 text-lg leading-6 font-semibold tracking-tight text-slate-900"
        >
          {title}
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          {isUpdatesSubscribeShown(view) ? renderSubscribeButton?.() : null}
          {canPublish ? (
            <Button size="sm" onClick={() => setPublishOpen(true)} data-testid="publish-update-button">
              <Plus className="size-4" aria-hidden />
              {updateTexts.publishUpdate}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="px-5 pb-4">
        {updates.isError && !shown ? (
          <div className="flex flex-wrap items-center gap-3 py-4 text-sm text-slate-600" role="alert">
            {t('updates.loadFailed')}
            <Button size="sm" variant="secondary" onClick={() => void updates.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </div>
        ) : null}
        {!shown && !updates.isError ? <CardLoading /> : null}
        {shown && shown.topics.length === 0 ? (
          <div className="py-6 text-sm text-slate-600">
            <p className="font-medium text-slate-900">{t('updates.noUpdates')}</p>
            {canPublish ? <p className="mt-1">{updateTexts.emptyForStaff}</p> : null}
          </div>
        ) : null}
        {shown && shown.topics.length > 0 ? (
          <ol
            className={`divide-y divide-slate-100 transition-opacity ${updates.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={updates.isPlaceholderData || undefined}
          >
            {shown.topics.map((topic) => (
              <li key={topic.id}>
                <TopicEntry topic={topic} isHighlighted={topic.id === highlightedId} />
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      {shown && shown.totalPages > 1 ? (
        <div className="border-t border-slate-100 px-5 py-3">
          <Pagination
            label={t('updates.pagesLabel')}
            page={shown.page}
            totalPages={shown.totalPages}
            onPageChange={changePage}
            disabled={updates.isPlaceholderData}
          />
        </div>
      ) : null}
      {canPublish && isPublishOpen ? (
        <Suspense fallback={null}>
          <PublishDialog isOpen onClose={closePublish} />
        </Suspense>
      ) : null}
    </section>
  );
}
