import type { CardEditingSlots } from '../../lib/card-editing-slots';
import { CardEditingToolbar } from './components/card-editing-toolbar';
import { CardMenu } from './components/card-menu';
import { ItemMenu } from './components/item-menu';
import { SpecialisedDrawerEditor } from './components/specialised/specialised-drawer-editor';

/** The editing components in the places the visitor's cards leave for them. */
export const cardEditingSlots: CardEditingSlots = {
  Toolbar: CardEditingToolbar,
  CardMenu,
  ItemMenu,
  DrawerEditor: SpecialisedDrawerEditor,
};
