import { ChevronDown, Download, EyeOff, Maximize2 } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { CardView } from '../../../../../shared/cards';
import type { PortalView } from '../../../../../shared/portal';
import { Button } from '../../../../components/ui/button';
import { FilterTabs } from '../../../../components/ui/tabs';
import type { CardEditingSlots } from '../../../../lib/card-editing-slots';
import { classNames } from '../../../../lib/class-names';
import { useIsPhone } from '../../../../lib/use-media-query';
import { cardHeading } from '../../lib/card-content';
import { useCardTexts } from '../../lib/card-texts';
import { PageCardIcon } from '../page-card-icon';
import type { OpenCardRequest } from '../portal-card';
import {
  canBulkDownload,
  categoryCounts,
  type DocumentEntry,
  type DocumentsTab,
  documentEntries,
  downloadableGroups,
  effectiveTab,
  entriesInTab,
  hasDocumentTabs,
  isCollapsible,
  visibleEntries,
} from './document-entries';
import { DocumentTile } from './document-tile';
import { useDocumentsTexts } from './documents-texts';
import { requestLoginForItem } from './login-request';

const loadBulkDownloadDialog = () => import('./bulk-download-dialog');
const BulkDownloadDialog = lazy(loadBulkDownloadDialog);

type DocumentsCardProps = {
  view: PortalView;
  card: CardView;
  editing?: CardEditingSlots;
  onOpen(request: OpenCardRequest): void;
  onIntent?(): void;
};

const tabOrder: DocumentsTab[] = ['all', 'public', 'private'];

/**
 * The documents card (spec 2 §2): featured documents, a collapsible grid of tiles, All / Public /
 * Private tabs when both kinds exist, counts per category card, bulk download and login requests.
 */
export function DocumentsCard({ view, card, editing, onOpen, onIntent }: DocumentsCardProps) {
  const documentsTexts = useDocumentsTexts();
  const cardTexts = useCardTexts();
  const headingId = useId();
  const gridId = useId();
  const featuredHeadingId = useId();
  const mode = view.viewer.mode;
  const isSmallScreen = useIsPhone();
  const [chosenTab, setTab] = useState<DocumentsTab>('all');
  const [isExpanded, setExpanded] = useState(false);
  const [isBulkOpen, setBulkOpen] = useState(false);
  const [hasOpenedBulk, setOpenedBulk] = useState(false);

  const entries = useMemo(() => documentEntries(view.cards, view.documents), [view.cards, view.documents]);
  const tab = effectiveTab(chosenTab, entries);
  const tabEntries = entriesInTab(entries, tab);
  const shown = visibleEntries(tabEntries, { isExpanded, isSmallScreen });
  const featured = shown.filter((entry) => entry.isFeatured);
  const others = shown.filter((entry) => !entry.isFeatured);
  const counts = categoryCounts(tabEntries, view.cards);
  const productId = view.product?.productId;
  const showsBulkDownload = canBulkDownload(entries, {
    isEnabled: view.customisation.bulkDownloadEnabled,
    productId,
  });
  const CardMenu = editing ? editing.CardMenu : null;
  const isEditor = Boolean(CardMenu);

  // Visitors never see an empty documents section (spec 2 §2); staff in Main mode see its placeholder.
  if (entries.length === 0 && mode !== 'main') return null;

  function openBulkDownload() {
    setOpenedBulk(true);
    setBulkOpen(true);
  }

  function renderTiles(list: DocumentEntry[], labelledBy?: string) {
    return (
      <ul
        aria-labelledby={labelledBy}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
        data-testid={labelledBy ? 'featured-documents' : 'document-grid'}
      >
        {list.map((entry) => (
          <li key={entry.key}>
            <DocumentTile
              entry={entry}
              portalTitle={view.customisation.portalTitle}
              onRequestLogin={requestLoginForItem}
            />
          </li>
        ))}
      </ul>
    );
  }

  const grid =
    tabEntries.length === 0 ? (
      <p className="text-sm leading-6 text-slate-600" data-testid="card-placeholder">
        {entries.length === 0 ? card.placeholder?.trim() || documentsTexts.empty : documentsTexts.emptyTab}
      </p>
    ) : (
      <div id={gridId} className="space-y-5">
        {featured.length > 0 ? (
          <section className="space-y-3">
            <h3 id={featuredHeadingId} className="text-sm font-semibold text-slate-900">
              {documentsTexts.featuredDocuments}
            </h3>
            {renderTiles(featured, featuredHeadingId)}
          </section>
        ) : null}
        {others.length > 0 ? renderTiles(others) : null}
      </div>
    );

  return (
    <article
      id="documents"
      aria-labelledby={headingId}
      data-testid="portal-card"
      data-card-kind={card.kind}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className={classNames(
        'relative flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white shadow-xs',
        card.isHidden && mode === 'main' && 'border-dashed bg-white/70',
      )}
    >
      {/* On small screens the heading has the header to itself; Bulk download and the edit menu move to
          a row of their own below it (spec 3 §6, decision 261), so nothing crowds or wraps the heading. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-3 px-5 pt-5">
        <div
          className="flex min-w-0 basis-full items-center gap-3 sm:flex-1 sm:basis-0"
          data-testid="card-header"
        >
          <PageCardIcon card={card} isLive={view.viewer.mode === 'main'} />
          <h2
            id={headingId}
            className="min-w-0 flex-1 text-base leading-6 font-semibold tracking-tight break-words text-slate-900"
          >
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => onOpen({ kind: card.kind, itemUid: null, isEditing: false })}
              className="group inline-flex cursor-pointer items-center gap-2 rounded-md text-start hover:text-brand-ink"
            >
              {cardHeading(card)}
              <Maximize2
                aria-hidden
                className="size-4 shrink-0 text-slate-400 transition group-hover:text-brand-ink"
              />
            </button>
          </h2>
          {mode === 'main' && card.isHidden ? (
            <span
              title={cardTexts.hiddenHint}
              className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 ring-inset"
            >
              <EyeOff className="size-3" aria-hidden />
              {cardTexts.hidden}
            </span>
          ) : null}
        </div>
        {showsBulkDownload || CardMenu ? (
          <div
            className="flex basis-full items-center justify-between gap-3 sm:basis-auto sm:justify-end"
            data-testid="documents-card-actions"
          >
            {showsBulkDownload ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={openBulkDownload}
                onPointerEnter={() => void loadBulkDownloadDialog()}
                onFocus={() => void loadBulkDownloadDialog()}
              >
                <Download className="size-4" aria-hidden />
                {documentsTexts.bulkDownload}
              </Button>
            ) : null}
            {CardMenu ? (
              <div className="ms-auto shrink-0">
                <CardMenu
                  view={view}
                  card={card}
                  onEdit={() => onOpen({ kind: card.kind, itemUid: null, isEditing: true })}
                />
              </div>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="flex-1 px-5 pt-4 pb-5">
        {hasDocumentTabs(entries) ? (
          <FilterTabs
            label={documentsTexts.tabsLabel}
            value={tab}
            onValueChange={(next) => {
              setTab(next);
              setExpanded(false);
            }}
            options={tabOrder.map((value) => ({
              value,
              label: `${documentsTexts.tabs[value]} (${entriesInTab(entries, value).length})`,
            }))}
          >
            {grid}
          </FilterTabs>
        ) : (
          grid
        )}
      </div>

      {isCollapsible(tabEntries, isSmallScreen) ? (
        <div className="border-t border-slate-100 px-5 py-2.5">
          <button
            type="button"
            aria-expanded={isExpanded}
            aria-controls={gridId}
            onClick={() => setExpanded((value) => !value)}
            className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-ink hover:underline hover:underline-offset-4"
          >
            {isExpanded ? documentsTexts.viewLess : documentsTexts.viewAllDocuments}
            <ChevronDown
              aria-hidden
              className={classNames('size-4 transition', isExpanded && 'rotate-180')}
            />
          </button>
        </div>
      ) : null}

      {counts.length > 0 ? (
        <div className="border-t border-slate-100 px-5 py-3">
          <h3 className="sr-only">{documentsTexts.byCategory}</h3>
          <ul className="flex flex-wrap gap-2" data-testid="document-category-counts">
            {counts.map((count) => {
              const target = view.cards.find((candidate) => candidate.kind === count.kind);
              return (
                <li
                  key={count.kind}
                  className="inline-flex items-center gap-2 rounded-full bg-slate-50 py-1 pe-1 ps-3 text-xs text-slate-700 ring-1 ring-slate-200"
                >
                  <span>
                    <span className="font-medium text-slate-900">{count.title}</span> ·{' '}
                    {documentsTexts.documentsCount(count.count)}
                  </span>
                  {target ? (
                    <button
                      type="button"
                      aria-label={`${isEditor ? documentsTexts.edit : documentsTexts.view} ${count.title}`}
                      onClick={() => onOpen({ kind: count.kind, itemUid: null, isEditing: isEditor })}
                      className="rounded-full bg-white px-2.5 py-0.5 font-medium text-brand-ink ring-1 ring-slate-200 transition hover:bg-brand-soft"
                    >
                      {isEditor ? documentsTexts.edit : documentsTexts.view}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      {hasOpenedBulk && productId ? (
        <Suspense fallback={null}>
          <BulkDownloadDialog
            open={isBulkOpen}
            onOpenChange={setBulkOpen}
            groups={downloadableGroups(entries)}
            organisationSlug={view.organisation.slug}
            productId={productId}
            portalTitle={view.customisation.portalTitle}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
