import { LayoutGrid } from 'lucide-react';
import { Fragment, lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { SectionKind } from '../../../../shared/card-kinds';
import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { Skeleton } from '../../../components/ui/skeleton';
import type { CardEditingSlots } from '../../../lib/card-editing-slots';
import { useTranslator } from '../../../lib/i18n';
import { isAccessModalRequested, onPortalQueryChange } from '../../../lib/portal-query';
import { isCardShown, isGridCard, sectionCardKinds } from '../lib/card-content';
import { useCardTexts } from '../lib/card-texts';
import { findDeepLinkedItem, findEditedCard, findItemAtAddress, isEditRequested } from '../lib/deep-link';
import { addressWithoutItem } from '../lib/item-permalink';
import { isSpecialisedCardShown } from '../lib/specialised';
import { DeferredDocumentsCard } from './deferred-card-parts';
import { DeferredGridCard } from './deferred-grid-card';
import { type OpenCardRequest, PortalCard } from './portal-card';
import { specialisedCardBody, specialisedHeading } from './specialised-card-body';

const loadCardDrawer = () => import('./card-drawer');
const CardDrawer = lazy(loadCardDrawer);

type CardSectionsProps = {
  view: PortalView;
  basePath: string;
  /** The item the server resolved from a permalink or ?itemUid=, opened once the page is live. */
  openItemUid?: string;
  /** False while something else must come first (the welcome modal); the deep link waits for it. */
  canOpenDeepLink?: boolean;
  editing?: CardEditingSlots;
  /** The 'help' section, composed by the route from its own feature. */
  renderHelpSection?: () => ReactNode;
  /** The 'trust_center_updates' section (updates card), composed by the route from its own feature. */
  renderUpdatesSection?: () => ReactNode;
  /** The 'knowledge_base' section (FAQ panel), composed by the route from its own feature. */
  renderKnowledgeBaseSection?: () => ReactNode;
};

type OpenCard = OpenCardRequest & { isOpen: boolean; instance: number };

/** While the drawer's code loads (first open only): its frame, so the click answers at once. */
function DrawerLoading() {
  const cardTexts = useCardTexts();
  return (
    <div className="fixed inset-0 z-50 bg-slate-950/40" aria-busy="true">
      <div className="absolute inset-y-0 end-0 w-screen max-w-[800px] space-y-4 bg-white p-6 shadow-2xl md:w-[80vw] lg:w-[50vw]">
        <span className="sr-only">{cardTexts.loading}</span>
        <Skeleton className="h-7 w-1/2" />
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}

/**
 * The page's sections in the product's order (spec 3 §2): the section cards (overview,
 * certifications, trusted by, subprocessors, documents) and the grid of the other cards. Knowledge
 * base and trust updates come with their own issues; help is rendered by the route. Opening a card shows its drawer.
 */
export function CardSections({
  view,
  basePath,
  openItemUid,
  canOpenDeepLink = true,
  editing,
  renderHelpSection,
  renderUpdatesSection,
  renderKnowledgeBaseSection,
}: CardSectionsProps) {
  const cardTexts = useCardTexts();
  const translator = useTranslator();
  const [openCard, setOpenCard] = useState<OpenCard | null>(null);
  const instances = useRef(0);
  const hasFollowedDeepLink = useRef(false);
  const mode = view.viewer.mode;

  const open = useCallback((request: OpenCardRequest) => {
    instances.current += 1;
    setOpenCard({ ...request, isOpen: true, instance: instances.current });
  }, []);

  // Deep links open after hydration, so the server's HTML and the first client render are the same.
  // ?edit opens the item's (or the named card's) editor for staff who can edit; others never see it.
  const canEditHere = mode === 'main' && Boolean(view.viewer.staff?.canEdit);
  useEffect(() => {
    if (!canOpenDeepLink || hasFollowedDeepLink.current) return;
    const search = window.location.search;
    const wantsEditor = canEditHere && isEditRequested(search);
    // The editing code arrives after hydration: wait for it rather than open the item read-only.
    if (wantsEditor && !editing) return;
    hasFollowedDeepLink.current = true;
    if (isAccessModalRequested(search)) return;
    const target = findDeepLinkedItem(view.cards, openItemUid, search);
    if (target) open({ kind: target.card.kind, itemUid: target.item.itemUid, isEditing: wantsEditor });
    const editedCard = !target && wantsEditor ? findEditedCard(view.cards, search) : null;
    if (editedCard) open({ kind: editedCard.kind, itemUid: null, isEditing: true });
  }, [canOpenDeepLink, view.cards, openItemUid, open, canEditHere, editing]);

  // Later in-page navigations to ?itemUid= or a permalink path (a search result, Back, Forward) open
  // their item too, without a reload; an address that names no item closes the drawer one had opened.
  const openCardRef = useRef(openCard);
  openCardRef.current = openCard;
  const addressItemUid = useRef<string | null>(null);
  useEffect(() => {
    if (!canOpenDeepLink) return;
    const addressTarget = () => findItemAtAddress(view, basePath, window.location);
    addressItemUid.current = addressTarget()?.item.itemUid ?? null;
    let wasAccessModalRequested = isAccessModalRequested(window.location.search);
    return onPortalQueryChange(() => {
      // The access modal is a layer over the page: asking for it, or closing it, moves no drawer.
      const isAccessRequested = isAccessModalRequested(window.location.search);
      const isAccessTransition = isAccessRequested || wasAccessModalRequested;
      wasAccessModalRequested = isAccessRequested;
      const target = addressTarget();
      const current = openCardRef.current;
      const previousItemUid = addressItemUid.current;
      if (isAccessRequested) return;
      addressItemUid.current = target?.item.itemUid ?? null;
      if (isAccessTransition) return;
      if (!target) {
        // A drawer opened by a click (the address never named its item) stays open.
        if (previousItemUid && current?.isOpen) setOpenCard({ ...current, isOpen: false });
        return;
      }
      if (current?.isOpen && current.itemUid === target.item.itemUid) return;
      if (target.item.itemUid === previousItemUid) return; // the address still names the same item
      open({ kind: target.card.kind, itemUid: target.item.itemUid, isEditing: false });
    });
  }, [canOpenDeepLink, view, basePath, open]);

  const close = useCallback(() => {
    setOpenCard((current) => (current ? { ...current, isOpen: false } : null));
    addressItemUid.current = null;
    const current = `${window.location.pathname}${window.location.search}`;
    const next = addressWithoutItem(view, basePath, window.location);
    if (next !== current) window.history.replaceState(window.history.state, '', next);
  }, [view, basePath]);

  const drawerCard = openCard ? view.cards.find((card) => card.kind === openCard.kind) : undefined;
  const cardProps = { view, editing, onOpen: open, onIntent: loadCardDrawer };
  const canAddItems = Boolean(editing && mode === 'main' && view.viewer.staff?.canEdit);
  const addItemsFor = (card: { kind: CardView['kind'] }) =>
    canAddItems ? () => open({ kind: card.kind, itemUid: null, isEditing: true }) : undefined;

  /** The grid of cards; for staff in Main mode also when it is empty, with the toolbar to add one. */
  function renderCardGrid(section: SectionKind) {
    const gridCards = view.cards.filter((card) => isGridCard(card) && isCardShown(card, mode));
    const Toolbar = editing ? editing.Toolbar : null;
    if (gridCards.length === 0 && mode !== 'main') return null;
    return (
      <div key={section} className="space-y-4" data-testid="card-grid-section">
        {Toolbar ? <Toolbar view={view} /> : null}
        {gridCards.length > 0 ? (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="card-grid">
            {gridCards.map((card) => (
              <DeferredGridCard key={card.kind} card={card} onAddItems={addItemsFor(card)} {...cardProps} />
            ))}
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <LayoutGrid className="size-6 text-slate-400" aria-hidden />
            <p className="max-w-md text-sm text-slate-600">{cardTexts.emptyCards}</p>
          </div>
        )}
      </div>
    );
  }

  /** A section that is one wide card (Documents, the risk profile, subprocessors…), when it shows. */
  function renderCardSection(section: SectionKind) {
    const kind = sectionCardKinds[section];
    const card = kind ? view.cards.find((candidate) => candidate.kind === kind) : undefined;
    // The documents card also lists files of other cards' items, so it decides its own visibility.
    if (card?.kind === 'Documents') return <DeferredDocumentsCard key={section} card={card} {...cardProps} />;
    if (!card || !(isSpecialisedCardShown(card, view, mode) ?? isCardShown(card, mode))) return null;
    return (
      <PortalCard
        key={section}
        card={card}
        layout="wide"
        defaultHeading={specialisedHeading(view, card, translator)}
        {...cardProps}
      >
        {specialisedCardBody(view, card, addItemsFor(card))}
      </PortalCard>
    );
  }

  // Sections other features fill (through the portal page's slots); none when the feature gives nothing.
  const slotSections: Partial<Record<SectionKind, (() => ReactNode) | undefined>> = {
    help: renderHelpSection,
    trust_center_updates: renderUpdatesSection,
    knowledge_base: renderKnowledgeBaseSection,
  };

  function renderSection(section: SectionKind) {
    if (section === 'cards') return renderCardGrid(section);
    if (section in slotSections) {
      const content = slotSections[section]?.();
      return content ? <Fragment key={section}>{content}</Fragment> : null;
    }
    return renderCardSection(section);
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 md:py-12 lg:px-8">
      {view.sections.map(renderSection)}
      {openCard && drawerCard ? (
        <Suspense fallback={openCard.isOpen ? <DrawerLoading /> : null}>
          <CardDrawer
            key={openCard.instance}
            view={view}
            basePath={basePath}
            editing={editing}
            card={drawerCard}
            isOpen={openCard.isOpen}
            itemUid={openCard.itemUid}
            isInitiallyEditing={openCard.isEditing}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
