import { useMutation } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { type CardView, cardMessages } from '../../../../shared/cards';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { resetCardIcon, type StaffWrite, uploadCardIcon } from '../api/card-editing-api';
import { cardIconProblem, cardIconTypes } from '../lib/card-icon-file';

type DialogProps = { open: boolean; onOpenChange(open: boolean): void; card: CardView; write: StaffWrite };

/** 'Change {card title} card icon': back to the default icon, or upload a custom one. */
export function CardIconDialog({ open, onOpenChange, card, write }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Change ${card.title} card icon`}>
        <CardIconForm card={card} write={write} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type IconChoice = 'default' | 'custom';

function CardIconForm({ card, write, onDone }: { card: CardView; write: StaffWrite; onDone(): void }) {
  const fileInputId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState<IconChoice>(card.iconUrl ? 'custom' : 'default');
  const [file, setFile] = useState<File | null>(null);
  const [isSubmitted, setSubmitted] = useState(false);
  const previewUrl = useFilePreviewUrl(file);
  const refresh = useRefreshPortalView();

  const save = useMutation({
    mutationFn: async () => {
      if (choice === 'default') {
        await resetCardIcon(write, card.kind);
        return 'reset' as const;
      }
      if (file) {
        await uploadCardIcon(write, card.kind, file);
        return 'saved' as const;
      }
      return 'unchanged' as const;
    },
    onSuccess: async (outcome) => {
      if (outcome === 'reset') toast.success(cardMessages.iconReset);
      if (outcome === 'saved') {
        toast.success(cardMessages.iconSaved, {
          action: { label: 'Refresh Page', onClick: () => window.location.reload() },
        });
      }
      onDone();
      await refresh();
    },
    onError: () => toast.error(cardMessages.iconFailed),
  });

  // A card that already has a custom icon keeps it when no new file is chosen.
  const problem = choice === 'custom' && !(file === null && card.iconUrl) ? cardIconProblem(file) : null;
  const shownProblem = problem && (isSubmitted || file) ? problem : null;
  const isUnchanged = (choice === 'default' && !card.iconUrl) || (choice === 'custom' && !file);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problem) return;
    if (isUnchanged) onDone();
    else save.mutate();
  }

  return (
    <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
      <fieldset className="space-y-2">
        <legend className="sr-only">Icon</legend>
        <IconChoiceOption
          value="default"
          label="Use default icon"
          checked={choice === 'default'}
          onSelect={() => setChoice('default')}
        />
        <IconChoiceOption
          value="custom"
          label="Upload a custom icon"
          checked={choice === 'custom'}
          onSelect={() => setChoice('custom')}
        />
      </fieldset>
      {choice === 'custom' ? (
        <div className="space-y-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
          <div className="flex items-center gap-4">
            <div className="grid size-12 shrink-0 place-items-center rounded-lg bg-white ring-1 ring-slate-200">
              {previewUrl || card.iconUrl ? (
                <img src={previewUrl ?? card.iconUrl ?? undefined} alt="" className="size-5 object-contain" />
              ) : (
                <ImageUp className="size-5 text-slate-400" aria-hidden />
              )}
            </div>
            <div className="min-w-0 flex-1">
              <label htmlFor={fileInputId} className="block text-sm font-medium text-slate-800">
                Icon file
              </label>
              <input
                id={fileInputId}
                type="file"
                accept={cardIconTypes.join(',')}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                aria-invalid={shownProblem ? true : undefined}
                aria-describedby={shownProblem ? errorId : `${fileInputId}-hint`}
                className="mt-1 block w-full text-sm text-slate-700 file:me-3 file:rounded-md file:border-0 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 file:shadow-xs file:ring-1 file:ring-slate-300 hover:file:bg-slate-50"
              />
            </div>
          </div>
          <p id={`${fileInputId}-hint`} className="text-xs text-slate-500">
            PNG, JPEG or SVG, 20px x 20px, max 1MB.
          </p>
          {shownProblem ? (
            <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
              {shownProblem}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
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

function IconChoiceOption({
  value,
  label,
  checked,
  onSelect,
}: {
  value: IconChoice;
  label: string;
  checked: boolean;
  onSelect(): void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 has-[:checked]:border-brand-ink has-[:checked]:bg-brand-soft">
      <input
        type="radio"
        name="card-icon-choice"
        value={value}
        checked={checked}
        onChange={onSelect}
        className="size-4 accent-[var(--brand-ink,#1d4ed8)]"
      />
      {label}
    </label>
  );
}

/** A data: URL to preview a chosen file (the page's Content Security Policy allows data: images, not blob:). */
function useFilePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file || cardIconProblem(file)) return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}
