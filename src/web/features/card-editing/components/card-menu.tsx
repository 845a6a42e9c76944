import { useMutation } from '@tanstack/react-query';
import {
  EllipsisVertical,
  Eye,
  EyeOff,
  ImageUp,
  ListOrdered,
  MessageSquareText,
  Pencil,
  Type,
} from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { toast } from 'sonner';
import { canCardDo } from '../../../../shared/card-kinds';
import { type CardView, cardMessages } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { isApiError } from '../../../lib/api-client';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { patchCard } from '../api/card-editing-api';
import { useFocusReturn } from '../lib/use-focus-return';
import { CardIconDialog } from './card-icon-dialog';
import { DisplayTextDialog } from './display-text-dialog';
import { PlaceholderDialog } from './placeholder-dialog';
import { ReorderItemsDialog } from './reorder-items-dialog';

// The documents card re-orders in two columns with drag and drop: its own dialog, loaded on first open.
const FeaturedDocumentsDialog = lazy(() => import('./featured-documents-dialog'));
const SubprocessorsDialog = lazy(() => import('./specialised/subprocessors-dialog'));

type CardMenuProps = { view: PortalView; card: CardView; onEdit(): void };
type CardDialog = 'displayText' | 'placeholder' | 'reorderItems' | 'icon' | 'subprocessors';

/** The card's edit menu for editors in Main mode: each action only where the card allows it (spec 2 §6). */
export function CardMenu({ view, card, onEdit }: CardMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [openDialog, setOpenDialog] = useState<CardDialog | null>(null);
  useFocusReturn(triggerRef, openDialog !== null);
  const write = { productId: view.product.productId };
  const refresh = useRefreshPortalView();
  const visibility = useMutation({
    mutationFn: (hidden: boolean) => patchCard(write, card.kind, { hidden }),
    onSuccess: async (_card, hidden) => {
      toast.success(hidden ? cardMessages.cardHidden : cardMessages.cardShown);
      await refresh();
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : cardMessages.saveError),
  });
  // Icon upload also needs assets:edit; the page model has no permission list, so the server decides.
  const canChangeIcon = canCardDo(card.kind, 'icon') && view.planFeatures.replaceIcons;
  const dialogProps = (dialog: CardDialog) => ({
    open: openDialog === dialog,
    onOpenChange: (open: boolean) => setOpenDialog(open ? dialog : null),
    card,
    write,
  });

  return (
    <>
      <Menu modal={false}>
        <MenuTrigger
          ref={triggerRef}
          aria-label={`Edit menu for the ${card.title} card`}
          className="rounded-md p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
          data-testid="card-menu-trigger"
        >
          <EllipsisVertical className="size-5" aria-hidden />
        </MenuTrigger>
        <MenuContent>
          {card.kind === 'Subprocessors' ? (
            <MenuItem onSelect={() => setOpenDialog('subprocessors')}>
              <Pencil className="size-4" aria-hidden />
              Manage subprocessors
            </MenuItem>
          ) : null}
          {canCardDo(card.kind, 'edit') ? (
            <MenuItem onSelect={onEdit}>
              <Pencil className="size-4" aria-hidden />
              Edit
            </MenuItem>
          ) : null}
          {canCardDo(card.kind, 'displayText') ? (
            <MenuItem onSelect={() => setOpenDialog('displayText')}>
              <Type className="size-4" aria-hidden />
              Edit display text
            </MenuItem>
          ) : null}
          {canCardDo(card.kind, 'hide') ? (
            <MenuItem disabled={visibility.isPending} onSelect={() => visibility.mutate(!card.isHidden)}>
              {card.isHidden ? (
                <Eye className="size-4" aria-hidden />
              ) : (
                <EyeOff className="size-4" aria-hidden />
              )}
              {card.isHidden ? 'Show' : 'Hide'}
            </MenuItem>
          ) : null}
          {canCardDo(card.kind, 'placeholder') ? (
            <MenuItem onSelect={() => setOpenDialog('placeholder')}>
              <MessageSquareText className="size-4" aria-hidden />
              Edit placeholder text
            </MenuItem>
          ) : null}
          {canCardDo(card.kind, 'reorderItems') && card.items.length > (card.kind === 'Documents' ? 0 : 1) ? (
            <MenuItem onSelect={() => setOpenDialog('reorderItems')}>
              <ListOrdered className="size-4" aria-hidden />
              Re-order items
            </MenuItem>
          ) : null}
          {canChangeIcon ? (
            <MenuItem onSelect={() => setOpenDialog('icon')}>
              <ImageUp className="size-4" aria-hidden />
              Change card icon
            </MenuItem>
          ) : null}
        </MenuContent>
      </Menu>
      {openDialog === 'subprocessors' ? (
        <Suspense fallback={null}>
          <SubprocessorsDialog
            view={view}
            open
            onOpenChange={(open) => setOpenDialog(open ? 'subprocessors' : null)}
          />
        </Suspense>
      ) : null}
      <DisplayTextDialog {...dialogProps('displayText')} />
      <PlaceholderDialog {...dialogProps('placeholder')} />
      {card.kind === 'Documents' ? (
        openDialog === 'reorderItems' ? (
          <Suspense fallback={null}>
            <FeaturedDocumentsDialog {...dialogProps('reorderItems')} view={view} />
          </Suspense>
        ) : null
      ) : (
        <ReorderItemsDialog {...dialogProps('reorderItems')} />
      )}
      {canChangeIcon ? <CardIconDialog {...dialogProps('icon')} /> : null}
    </>
  );
}
