import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type CardView, cardMessages, DisplayText } from '../../../../shared/cards';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { patchCard, type StaffWrite } from '../api/card-editing-api';

type DialogProps = { open: boolean; onOpenChange(open: boolean): void; card: CardView; write: StaffWrite };

/** 'Edit display text': the heading text of a card; empty means the default heading. */
export function DisplayTextDialog({ open, onOpenChange, card, write }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit display text"
        description={`The heading text of the ${card.title} card. Leave it empty to show the default.`}
      >
        <DisplayTextForm card={card} write={write} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function DisplayTextForm({ card, write, onSaved }: { card: CardView; write: StaffWrite; onSaved(): void }) {
  const id = useId();
  const [value, setValue] = useState(card.displayText ?? '');
  const [isTouched, setTouched] = useState(false);
  const refresh = useRefreshPortalView();
  const save = useMutation({
    mutationFn: (displayText: string) => patchCard(write, card.kind, { displayText }),
    onSuccess: async () => {
      onSaved();
      await refresh();
    },
  });
  const parsed = DisplayText.safeParse(value);
  const error = isTouched && !parsed.success ? cardMessages.displayTextLength : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (parsed.success) save.mutate(parsed.data);
  }

  return (
    <form className="mt-5 space-y-5" onSubmit={submit} noValidate>
      <Field id={id} label="Display text" hint={cardMessages.displayTextLength} error={error}>
        <Input
          id={id}
          value={value}
          maxLength={200}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => setTouched(true)}
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
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
