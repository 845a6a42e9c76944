import type { CardEditingSlots } from '../../lib/card-editing-slots';
import { CardEditingToolbar } from './components/card-editing-toolbar';
import { CardMenu } from './components/card-menu';
import { DrawerEditor } from './components/drawer-editor';
import { ItemMenu } from './components/item-menu';

/** The editing components in the places the visitor's cards leave for them. */
export const cardEditingSlots: CardEditingSlots = {
  Toolbar: CardEditingToolbar,
  CardMenu,
  ItemMenu,
  DrawerEditor,
};
