import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { type CardView, cardMessages, PlaceholderText } from '../../../../shared/cards';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { patchCard, type StaffWrite } from '../api/card-editing-api';

const placeholderMaxLength = 1000;

type DialogProps = { open: boolean; onOpenChange(open: boolean): void; card: CardView; write: StaffWrite };

/** 'Edit placeholder text': what the card shows while it has no items to show. */
export function PlaceholderDialog({ open, onOpenChange, card, write }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit placeholder text"
        description={`The text the ${card.title} card shows when it has no items.`}
      >
        <PlaceholderForm card={card} write={write} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PlaceholderForm({ card, write, onSaved }: { card: CardView; write: StaffWrite; onSaved(): void }) {
  const id = useId();
  const [value, setValue] = useState(card.placeholder ?? '');
  const refresh = useRefreshPortalView();
  const save = useMutation({
    mutationFn: (placeholder: string) => patchCard(write, card.kind, { placeholder }),
    onSuccess: async () => {
      toast.success(cardMessages.placeholderUpdated);
      onSaved();
      await refresh();
    },
  });
  const parsed = PlaceholderText.safeParse(value);
  // Over the limit is shown at once: the counter already tells, the message says why Save fails.
  const error = parsed.success ? undefined : cardMessages.placeholderTooLong;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (parsed.success) save.mutate(parsed.data);
  }

  return (
    <form className="mt-5 space-y-5" onSubmit={submit} noValidate>
      <Field
        id={id}
        label="Placeholder text"
        hint={`${value.length} / ${placeholderMaxLength} characters`}
        error={error}
      >
        <Textarea
          id={id}
          rows={5}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy(id, error)}
        />
      </Field>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {isApiError(save.error) ? save.error.message : cardMessages.saveError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending || Boolean(error)}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
