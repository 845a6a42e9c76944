import { zodResolver } from '@hookform/resolvers/zod';
import { EyeOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type PermissionProfile, PermissionProfileInput } from '../../../../shared/access';
import { Button } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useSaveProfile } from '../api/permission-profiles';
import { applyServerErrors } from '../lib/form-errors';
import type { ProductItems, RestrictedCard } from '../lib/restricted-items';
import { FormAlert } from './console-page';
import { Badge } from './status-badge';

const nameMessage = 'Enter a name of at most 100 characters.';

/** A card's "all items" box: checked, unchecked, or mixed when only some of its items are. */
function CardCheckbox({
  id,
  card,
  selected,
  onChange,
}: {
  id: string;
  card: RestrictedCard;
  selected: ReadonlySet<string>;
  onChange(ids: string[], checked: boolean): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const count = card.items.filter((item) => selected.has(item.id)).length;
  const isMixed = count > 0 && count < card.items.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isMixed;
  }, [isMixed]);
  return (
    <div className="flex items-center gap-2">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="size-4 rounded border-slate-300 accent-brand"
        checked={count === card.items.length}
        aria-checked={isMixed ? 'mixed' : count === card.items.length}
        onChange={(event) =>
          onChange(
            card.items.map((item) => item.id),
            event.target.checked,
          )
        }
      />
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {card.title}
      </label>
      <span className="text-xs text-slate-500">
        {count} of {card.items.length} selected
      </span>
    </div>
  );
}

function ItemChecklist({
  catalogue,
  selected,
  onChange,
}: {
  catalogue: ProductItems[];
  selected: ReadonlySet<string>;
  onChange(ids: string[], checked: boolean): void;
}) {
  if (catalogue.every((product) => product.cards.length === 0)) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        There are no restricted items yet. Make an item restricted in the portal editor to grant it here.
      </p>
    );
  }
  return (
    <div className="space-y-5">
      {catalogue.map((product) => (
        <fieldset key={product.productId} className="space-y-3">
          <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {product.productName}
          </legend>
          {product.cards.map((card) => (
            <div key={card.kind} className="rounded-lg border border-slate-200 p-3">
              <CardCheckbox
                id={`profile-card-${product.productId}-${card.kind}`}
                card={card}
                selected={selected}
                onChange={onChange}
              />
              <ul className="mt-2 grid gap-1.5 ps-6 sm:grid-cols-2">
                {card.items.map((item) => {
                  const id = `profile-item-${product.productId}-${item.id}`;
                  return (
                    <li key={item.id} className="flex items-start gap-2">
                      <input
                        id={id}
                        type="checkbox"
                        data-testid="profile-item"
                        value={item.id}
                        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand"
                        checked={selected.has(item.id)}
                        onChange={(event) => onChange([item.id], event.target.checked)}
                      />
                      <label
                        htmlFor={id}
                        className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700"
                      >
                        {item.title}
                        {item.isHidden ? <Badge tone="amber">Hidden</Badge> : null}
                        {item.isNotEnabled ? <Badge tone="slate">Not enabled</Badge> : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </fieldset>
      ))}
    </div>
  );
}

/** Name and restricted items of a permission profile; creates one when `profile` is null. */
export function ProfileEditor({
  profile,
  catalogue,
  onSaved,
}: {
  profile: PermissionProfile | null;
  catalogue: ProductItems[];
  onSaved(profile: PermissionProfile): void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveProfile();
  const form = useForm({
    resolver: zodResolver(PermissionProfileInput, {
      error: (issue) => (issue.path?.[0] === 'name' ? nameMessage : undefined),
    }),
    defaultValues: { name: profile?.name ?? '', itemIds: profile?.itemIds ?? [] },
  });
  const itemIds = form.watch('itemIds');
  const selected = new Set(itemIds);
  const nameError = form.formState.errors.name?.message;
  const itemsError = form.formState.errors.itemIds?.message;

  function changeSelection(ids: string[], checked: boolean) {
    const next = new Set(itemIds);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    form.setValue('itemIds', [...next], { shouldDirty: true });
  }

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    save.mutate(
      { id: profile?.id ?? null, input },
      {
        onSuccess: (saved) => {
          toast.success(`Profile ${saved.name} saved`);
          onSaved(saved);
        },
        onError: (error) =>
          setFormError(
            applyServerErrors(
              error,
              (path) => path === 'name' || path === 'itemIds',
              (path, message) => form.setError(path as 'name' | 'itemIds', { type: 'server', message }),
            ),
          ),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="-mb-6 mt-6 space-y-5 sm:-mb-8">
      <Field id="profile-name" label="Profile name" error={nameError}>
        <Input
          id="profile-name"
          maxLength={100}
          isInvalid={Boolean(nameError)}
          aria-describedby={describedBy('profile-name', nameError)}
          {...form.register('name')}
        />
      </Field>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">Restricted items</p>
        <p className="flex items-start gap-1.5 text-xs text-slate-600">
          <EyeOff className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Items marked Hidden reach only accounts whose profile includes them; other restricted items reach
          every approved account.
        </p>
        <ItemChecklist catalogue={catalogue} selected={selected} onChange={changeSelection} />
        {itemsError ? (
          <p className="text-xs font-medium text-red-700" role="alert">
            {itemsError}
          </p>
        ) : null}
      </div>
      <FormAlert message={formError} />
      <div className="sticky -bottom-6 -mx-6 flex items-center justify-between gap-2 border-t border-slate-200 bg-white px-6 pt-3 pb-6 sm:-bottom-8 sm:-mx-8 sm:px-8 sm:pb-8">
        <span className="text-sm text-slate-600" aria-live="polite">
          {selected.size} {selected.size === 1 ? 'item' : 'items'} selected
        </span>
        <div className="flex gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : profile ? 'Save profile' : 'Create profile'}
          </Button>
        </div>
      </div>
    </form>
  );
}
