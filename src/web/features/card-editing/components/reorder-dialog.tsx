import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { type ReorderEntry, ReorderList } from './reorder-list';

type ReorderDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  listLabel: string;
  /** The saved order; the dialog edits a pending copy until 'Save order'. */
  entries: ReorderEntry[];
  isSaving: boolean;
  onSave(ids: string[]): void;
};

/** Re-order cards, items or sections: a pending order that is only sent on 'Save order'. */
export function ReorderDialog({ open, onOpenChange, title, description, ...body }: ReorderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        {/* Mounted only while open, so every opening starts from the saved order. */}
        <PendingOrder {...body} />
      </DialogContent>
    </Dialog>
  );
}

function PendingOrder({
  listLabel,
  entries,
  isSaving,
  onSave,
}: Pick<ReorderDialogProps, 'listLabel' | 'entries' | 'isSaving' | 'onSave'>) {
  const [pending, setPending] = useState(entries);
  const isUnchanged = pending.every((entry, index) => entry.id === entries[index]?.id);
  return (
    <>
      {/* At most 600 px (spec), and less on short screens so the buttons below stay in view. */}
      <div
        className="-mx-2 mt-5 max-h-[min(600px,calc(85vh-15rem))] overflow-y-auto px-2 py-1"
        data-testid="reorder-scroll"
      >
        <ReorderList label={listLabel} entries={pending} onEntriesChange={setPending} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button disabled={isUnchanged || isSaving} onClick={() => onSave(pending.map((entry) => entry.id))}>
          {isSaving ? 'Saving...' : 'Save order'}
        </Button>
      </div>
    </>
  );
}
