import { Pencil } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { canCardDo } from '../../../../shared/card-kind-catalogue';
import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Drawer, DrawerContent } from '../../../components/ui/drawer';
import { trackEvent } from '../../../lib/analytics';
import type { CardEditingSlots } from '../../../lib/card-editing-slots';
import { useTranslator } from '../../../lib/i18n';
import { cardHeading } from '../lib/card-content';
import { useCardTexts } from '../lib/card-texts';
import { cardContentCount } from '../lib/specialised';
import { CardIcon } from './card-icon';
import { ItemEntry } from './item-entry';
import { specialisedCardBody } from './specialised-card-body';

export type CardDrawerProps = {
  view: PortalView;
  basePath: string;
  editing?: CardEditingSlots;
  card: CardView;
  isOpen: boolean;
  /** The item to bring into view and focus, from a deep link or a click. */
  itemUid: string | null;
  isInitiallyEditing: boolean;
  onClose(): void;
};

/**
 * The expanded card (spec 3 §2): a side drawer listing every item; staff switch its body to the
 * editor with Edit. Closing it while the editor has unsaved changes asks first.
 * Loaded on first open, so its code stays out of the page's first load.
 */
export default function CardDrawer({
  view,
  basePath,
  editing,
  card,
  isOpen,
  itemUid,
  isInitiallyEditing,
  onClose,
}: CardDrawerProps) {
  const cardTexts = useCardTexts();
  const translator = useTranslator();
  const canEdit = Boolean(editing && canCardDo(card.kind, 'edit'));
  const [isEditing, setEditing] = useState(isInitiallyEditing && canEdit);
  // A ref, not state: a close that follows the last keystroke at once must already see it.
  const hasUnsavedChanges = useRef(false);
  const reportDirty = useCallback((value: boolean) => {
    hasUnsavedChanges.current = value;
  }, []);
  const [isConfirmingClose, setConfirmingClose] = useState(false);
  const DrawerEditor = isEditing && editing ? editing.DrawerEditor : null;
  // Focus goes back to what opened the drawer; after a deep link, to the card's own button.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : document.querySelector<HTMLElement>(`[data-card-kind="${card.kind}"] h2 button`),
  );

  // Analytics: how long the expanded card stayed open (sent when it closes or the page hides).
  useEffect(() => {
    if (!isOpen) return;
    const openedAt = Date.now();
    return () =>
      trackEvent({
        name: 'card_time_spent',
        subject: card.kind,
        props: { cardKind: card.kind, seconds: Math.round((Date.now() - openedAt) / 1000) },
      });
  }, [isOpen, card.kind]);

  function leaveEditor() {
    setEditing(false);
    hasUnsavedChanges.current = false;
  }

  /** Closing (X, Escape, outside click) while the editor holds unsaved changes asks first. */
  function requestClose() {
    if (isEditing && hasUnsavedChanges.current) setConfirmingClose(true);
    else onClose();
  }

  function confirmClose() {
    setConfirmingClose(false);
    leaveEditor();
    onClose();
  }

  // In edit mode the editor brings its own Cancel and Save (and asks before discarding on Cancel).
  const actions =
    canEdit && !isEditing ? (
      <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
        <Pencil className="size-3.5" aria-hidden />
        {cardTexts.edit}
      </Button>
    ) : null;

  return (
    <>
      <Drawer open={isOpen} onOpenChange={(open) => (open ? undefined : requestClose())}>
        <DrawerContent
          title={cardHeading(card)}
          description={cardContentCount(view, card, translator)}
          leading={<CardIcon card={card} />}
          actions={actions}
          closeLabel={cardTexts.close}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener?.focus();
          }}
          onOpenAutoFocus={(event) => {
            // The editor focuses the item's fields itself once it has loaded.
            if (isEditing && itemUid) return event.preventDefault();
            const target = itemUid ? document.getElementById(`item-${itemUid}`) : null;
            if (!target) return;
            event.preventDefault();
            target.focus({ preventScroll: true });
            target.scrollIntoView({ block: 'start' });
          }}
        >
          {DrawerEditor ? (
            <DrawerEditor
              view={view}
              card={card}
              onDone={leaveEditor}
              onDirtyChange={reportDirty}
              focusItemUid={itemUid}
            />
          ) : card.items.length > 0 ? (
            <ul className="space-y-3 p-4 sm:p-6" data-testid="drawer-items">
              {card.items.map((item) => (
                <li key={item.itemUid}>
                  <ItemEntry
                    view={view}
                    basePath={basePath}
                    card={card}
                    item={item}
                    editing={editing}
                    isHighlighted={item.itemUid === itemUid}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <ContentWithoutItems view={view} card={card} />
          )}
        </DrawerContent>
      </Drawer>
      <AlertDialog
        open={isConfirmingClose}
        onOpenChange={setConfirmingClose}
        title={cardTexts.discardTitle}
        description={cardTexts.discardDescription}
        cancelLabel={cardTexts.keepEditing}
        confirmLabel={cardTexts.discard}
        isDestructive
        onConfirm={confirmClose}
      />
    </>
  );
}

/** A card whose content is not items (trusted by, subprocessors, overview) shows that content, not "no items". */
function ContentWithoutItems({ view, card }: { view: PortalView; card: CardView }) {
  const cardTexts = useCardTexts();
  const body = specialisedCardBody(view, card, undefined);
  if (body && typeof body !== 'function') return <div className="p-4 sm:p-6">{body}</div>;
  return <p className="p-6 text-sm text-slate-500">{card.placeholder?.trim() || cardTexts.emptyDrawer}</p>;
}
