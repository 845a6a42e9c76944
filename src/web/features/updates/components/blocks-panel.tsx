import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import { BlockInput, type BlockKind } from '../../../../shared/updates';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { createBlock, deleteBlock, useBlocks, useSubscriberMutation } from '../api/staff-updates';

const kindOptions = [
  { value: 'email', label: 'Address' },
  { value: 'domain', label: 'Domain' },
] as const satisfies ReadonlyArray<{ value: BlockKind; label: string }>;

/** Blocked addresses and domains: nobody there can subscribe, and matching subscribers stop receiving. */
export function BlocksPanel({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const blocks = useBlocks();
  const [kind, setKind] = useState<BlockKind>('email');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useSubscriberMutation((input: BlockInput) => createBlock(input));
  const remove = useSubscriberMutation((blockId: string) => deleteBlock(blockId));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = BlockInput.safeParse({ kind, value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(kind === 'email' ? 'Address blocked' : 'Domain blocked');
        setValue('');
      },
      onError: (failure) =>
        setError(isApiError(failure) ? (failure.fields['body.value'] ?? failure.message) : failure.message),
    });
  }

  const valueId = `${id}-value`;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight text-slate-950">
          Blocked addresses and domains
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A blocked address or domain cannot subscribe and receives no updates.
        </p>
      </div>
      <div className="space-y-4 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
        {canEdit ? (
          <form className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate onSubmit={submit}>
            <div className="sm:pt-7">
              <SegmentedControl
                label="Block an"
                value={kind}
                options={kindOptions}
                onValueChange={(next) => {
                  setKind(next);
                  setError(undefined);
                }}
              />
            </div>
            <div className="min-w-0 flex-1">
              <Field id={valueId} label={kind === 'email' ? 'E-mail address' : 'Domain'} error={error}>
                <Input
                  id={valueId}
                  value={value}
                  placeholder={kind === 'email' ? 'name@example.com' : 'example.com'}
                  isInvalid={Boolean(error)}
                  aria-describedby={describedBy(valueId, error)}
                  onChange={(event) => setValue(event.target.value)}
                />
              </Field>
            </div>
            <div className="sm:pt-7">
              <Button type="submit" disabled={add.isPending} className="w-full sm:w-auto">
                Block
              </Button>
            </div>
          </form>
        ) : null}
        {blocks.isError ? <ErrorBox detail={blocks.error.message} /> : null}
        {blocks.isPending ? <Skeleton className="h-16 w-full" /> : null}
        {blocks.data && blocks.data.blocks.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing is blocked.</p>
        ) : null}
        {blocks.data && blocks.data.blocks.length > 0 ? (
          <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Blocked">
            {blocks.data.blocks.map((block) => (
              <li key={block.id} className="flex items-center gap-3 py-2.5" data-testid="block-row">
                <span className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                  {block.kind === 'email' ? 'Address' : 'Domain'}
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
                  {block.value}
                </span>
                <span className="hidden text-xs text-slate-500 sm:inline">{formatDate(block.createdAt)}</span>
                {canEdit ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={remove.isPending}
                    aria-label={`Unblock ${block.value}`}
                    onClick={() =>
                      remove.mutate(block.id, {
                        onSuccess: () => toast.success(`${block.value} unblocked`),
                        onError: (failure) => toast.error(failure.message),
                      })
                    }
                  >
                    Unblock
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
