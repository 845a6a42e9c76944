import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { CardKind } from '../../../../shared/card-kinds';
import { type CardView, cardMessages, type ItemView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { moveItem, type StaffWrite } from '../api/card-editing-api';
import { cardTitleOf, itemNameOf, moveDestinations } from '../lib/editing-labels';

type MoveItemDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  view: PortalView;
  card: CardView;
  item: ItemView;
  write: StaffWrite;
};

/** 'Move item to a different card': any card that accepts items, except the item's own. */
export function MoveItemDialog({ open, onOpenChange, ...formProps }: MoveItemDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Move item to a different card"
        description={`Choose the card that ${itemNameOf(formProps.item.title)} moves to.`}
      >
        <MoveItemForm {...formProps} onMoved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function MoveItemForm({
  view,
  card,
  item,
  write,
  onMoved,
}: Omit<MoveItemDialogProps, 'open' | 'onOpenChange'> & { onMoved(): void }) {
  const selectId = useId();
  const destinations = moveDestinations(view, card.kind);
  const [destination, setDestination] = useState<CardKind | ''>('');
  const refresh = useRefreshPortalView();
  const move = useMutation({
    mutationFn: (target: CardKind) => moveItem(write, item.itemUid, target),
    onSuccess: async (_moved, target) => {
      toast.success(cardMessages.movedItem(itemNameOf(item.title), cardTitleOf(view, target)));
      onMoved();
      await refresh();
    },
    onError: () => toast.error(cardMessages.moveFailed),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (destination) move.mutate(destination);
  }

  return (
    <form className="mt-5 space-y-5" onSubmit={submit}>
      <Field id={selectId} label="Destination card">
        <Select
          id={selectId}
          value={destination}
          onChange={(event) => setDestination(event.target.value as CardKind | '')}
        >
          <option value="" disabled>
            Select a card...
          </option>
          {destinations.map((candidate) => (
            <option key={candidate.kind} value={candidate.kind}>
              {candidate.title}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!destination || move.isPending}>
          {move.isPending ? 'Moving...' : 'Move item'}
        </Button>
      </div>
    </form>
  );
}
