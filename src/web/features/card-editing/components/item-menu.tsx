import { ArrowRightLeft, EllipsisVertical, Link2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CardView, ItemView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { itemNameOf, moveDestinations } from '../lib/editing-labels';
import { useFocusReturn } from '../lib/use-focus-return';
import { CustomUrlDialog } from './custom-url-dialog';
import { MoveItemDialog } from './move-item-dialog';

type ItemMenuProps = { view: PortalView; card: CardView; item: ItemView };

/** An expanded item's menu for editors: move it to another card, or give it a custom URL. */
export function ItemMenu({ view, card, item }: ItemMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [openDialog, setOpenDialog] = useState<'move' | 'customUrl' | null>(null);
  useFocusReturn(triggerRef, openDialog !== null);
  const write = { productId: view.product.productId };
  const canMove = moveDestinations(view, card.kind).length > 0;
  return (
    <>
      <Menu modal={false}>
        <MenuTrigger
          ref={triggerRef}
          aria-label={`Actions for ${itemNameOf(item.title)}`}
          className="rounded-md p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
          data-testid="item-menu-trigger"
        >
          <EllipsisVertical className="size-4" aria-hidden />
        </MenuTrigger>
        <MenuContent>
          {canMove ? (
            <MenuItem onSelect={() => setOpenDialog('move')}>
              <ArrowRightLeft className="size-4" aria-hidden />
              Move item to a different card
            </MenuItem>
          ) : null}
          <MenuItem onSelect={() => setOpenDialog('customUrl')}>
            <Link2 className="size-4" aria-hidden />
            Create custom url
          </MenuItem>
        </MenuContent>
      </Menu>
      <MoveItemDialog
        open={openDialog === 'move'}
        onOpenChange={(open) => setOpenDialog(open ? 'move' : null)}
        view={view}
        card={card}
        item={item}
        write={write}
      />
      <CustomUrlDialog
        open={openDialog === 'customUrl'}
        onOpenChange={(open) => setOpenDialog(open ? 'customUrl' : null)}
        view={view}
        item={item}
        write={write}
      />
    </>
  );
}
