import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { cardMessages } from '../../../../shared/cards';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { deleteCustomItem, type StaffWrite } from '../api/card-editing-api';
import type { ItemDraft } from '../lib/card-form';
import { itemNameOf } from '../lib/editing-labels';
import { editingMessages } from '../lib/editing-messages';

type DeleteCustomItemFlowProps = {
  /** The saved custom item to delete; null when nothing is being deleted. */
  item: ItemDraft | null;
  write: StaffWrite;
  onClose(): void;
  onDeleted(item: ItemDraft): void;
};

/** Confirm, delete on the server, and on failure the 'Delete Error' message (spec 2 §8). */
export function DeleteCustomItemFlow({ item, write, onClose, onDeleted }: DeleteCustomItemFlowProps) {
  const [failedTitle, setFailedTitle] = useState<string | null>(null);
  const refresh = useRefreshPortalView();
  const remove = useMutation({
    mutationFn: (draft: ItemDraft) => deleteCustomItem(write, draft.itemUid ?? ''),
    onSuccess: async (_nothing, draft) => {
      onDeleted(draft);
      onClose();
      await refresh();
    },
    onError: (_error, draft) => {
      onClose();
      setFailedTitle(itemNameOf(draft.title));
    },
  });
  const name = item ? itemNameOf(item.title) : '';
  return (
    <>
      <AlertDialog
        open={item !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) onClose();
        }}
        title={editingMessages.deleteItemTitle}
        description={editingMessages.deleteItemDescription(name)}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => item && remove.mutate(item)}
      />
      <AlertDialog
        open={failedTitle !== null}
        onOpenChange={(open) => {
          if (!open) setFailedTitle(null);
        }}
        title={cardMessages.deleteErrorTitle}
        description={cardMessages.deleteError(failedTitle ?? '')}
        cancelLabel="OK"
      />
    </>
  );
}
