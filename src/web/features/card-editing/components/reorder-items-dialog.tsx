import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type CardView, cardMessages } from '../../../../shared/cards';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { type StaffWrite, saveItemOrder } from '../api/card-editing-api';
import { itemNameOf } from '../lib/editing-labels';
import { ReorderDialog } from './reorder-dialog';

type DialogProps = { open: boolean; onOpenChange(open: boolean): void; card: CardView; write: StaffWrite };

const stateNotes = { Enabled: undefined, WorkInProgress: 'In Progress', NotEnabled: 'Not enabled' } as const;

/** 'Re-order items' of one card, from its edit menu. */
export function ReorderItemsDialog({ open, onOpenChange, card, write }: DialogProps) {
  const refresh = useRefreshPortalView();
  const save = useMutation({
    mutationFn: (itemUids: string[]) => saveItemOrder(write, card.kind, itemUids),
    onSuccess: async () => {
      toast.success(cardMessages.itemOrderUpdated(card.title));
      onOpenChange(false);
      await refresh();
    },
    onError: () => toast.error(cardMessages.itemOrderFailed(card.title)),
  });
  return (
    <ReorderDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Re-order items"
      description={`Move the items of the ${card.title} card up or down, then save the order.`}
      listLabel={`${card.title} items`}
      entries={card.items.map((item) => ({
        id: item.itemUid,
        label: itemNameOf(item.title),
        note: stateNotes[item.enabledState],
      }))}
      isSaving={save.isPending}
      onSave={(ids) => save.mutate(ids)}
    />
  );
}
