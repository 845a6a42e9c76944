import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { cardMessages, type ItemView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { type StaffWrite, saveCustomUrlSlug } from '../api/card-editing-api';
import { customUrlFor, customUrlSlugProblem, initialCustomUrlSlug } from '../lib/custom-url';
import { itemNameOf } from '../lib/editing-labels';

const copiedConfirmationMs = 3000;

type CustomUrlDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  view: PortalView;
  item: ItemView;
  write: StaffWrite;
};

/** 'Create custom url': the slug of the item's permalink, unique in the organisation. */
export function CustomUrlDialog({ open, onOpenChange, ...formProps }: CustomUrlDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create custom url"
        description={`Choose the address of ${itemNameOf(formProps.item.title)}.`}
      >
        <CustomUrlForm {...formProps} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CustomUrlForm({
  view,
  item,
  write,
  onSaved,
}: Omit<CustomUrlDialogProps, 'open' | 'onOpenChange'> & { onSaved(): void }) {
  const id = useId();
  const [slug, setSlug] = useState(() => initialCustomUrlSlug(item));
  const [serverProblem, setServerProblem] = useState<{ slug: string; message: string } | null>(null);
  const refresh = useRefreshPortalView();
  const save = useMutation({
    mutationFn: (value: string) => saveCustomUrlSlug(write, item.itemUid, value),
    onSuccess: async () => {
      toast.success(cardMessages.customUrlCreated(itemNameOf(item.title)));
      onSaved();
      await refresh();
    },
    onError: (error, value) => {
      // A slug taken by another item (409) or refused by the server's rules is this field's problem.
      if (isApiError(error) && (error.code === 'conflict' || error.fields.customUrlSlug)) {
        setServerProblem({ slug: value, message: error.fields.customUrlSlug ?? error.message });
      } else {
        toast.error(cardMessages.customUrlFailed);
      }
    },
  });

  const problem =
    slug === ''
      ? null
      : (customUrlSlugProblem(slug) ?? (serverProblem?.slug === slug ? serverProblem.message : null));
  const isUnchanged = slug === (item.customUrlSlug ?? null);
  const canSubmit = slug !== '' && !problem && !isUnchanged && !save.isPending;
  const url = customUrlFor(view, slug || initialCustomUrlSlug(item));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) save.mutate(slug);
  }

  return (
    <form className="mt-5 space-y-5" onSubmit={submit} noValidate>
      <Field
        id={id}
        label="URL slug"
        hint="Only lowercase letters, numbers and hyphens."
        error={problem ?? undefined}
      >
        <Input
          id={id}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          isInvalid={Boolean(problem)}
          aria-describedby={describedBy(id, problem ?? undefined)}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">Custom URL</p>
        <div className="flex items-center gap-2">
          <output
            className="block min-w-0 flex-1 truncate rounded-lg bg-slate-50 px-3 py-2.5 font-mono text-xs text-slate-700 ring-1 ring-slate-200"
            data-testid="custom-url-preview"
            title={url}
          >
            {url}
          </output>
          <CopyButton
            text={url}
            label="Copy custom URL"
            copiedLabel={cardMessages.copied}
            confirmationMs={copiedConfirmationMs}
            disabled={Boolean(problem)}
          />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!canSubmit}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
