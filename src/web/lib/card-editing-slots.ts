import type { ComponentType } from 'react';
import type { CardView, ItemView } from '../../shared/cards';
import type { PortalView } from '../../shared/portal';

/**
 * How the editing feature plugs into the visitor's cards without the two features importing each
 * other: the portal page passes these (lazily loaded) in Main mode for staff who can edit.
 */
export type CardEditingSlots = {
  /** Above the card grid: 'Re-order cards', 'Re-order sections'. */
  Toolbar: ComponentType<{ view: PortalView }>;
  /** In a card's header: the card edit menu (Edit, Edit display text, Hide/Show, …). */
  CardMenu: ComponentType<{ view: PortalView; card: CardView; onEdit(): void }>;
  /** In an expanded item: 'Move item to a different card', 'Create custom url'. */
  ItemMenu: ComponentType<{ view: PortalView; card: CardView; item: ItemView }>;
  /** The drawer body in edit mode; the drawer asks to confirm closing while it reports unsaved changes. */
  DrawerEditor: ComponentType<{
    view: PortalView;
    card: CardView;
    onDone(): void;
    onDirtyChange(isDirty: boolean): void;
    /** The item whose fields to bring into view and focus (an item address with ?edit). */
    focusItemUid?: string | null;
  }>;
};
