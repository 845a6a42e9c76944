import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { companyDisplay } from '../../../../../shared/company-catalogue';
import type { PortalView } from '../../../../../shared/portal';
import type { Company, Subprocessor } from '../../../../../shared/specialised-cards';
import { CompanyLogo } from '../../../../components/domain/company-logo';
import { AlertDialog } from '../../../../components/ui/alert-dialog';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { Field } from '../../../../components/ui/field';
import { Input, Textarea } from '../../../../components/ui/input';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { useRefreshPortalView } from '../../../../lib/portal-view-store';
import {
  createSubprocessor,
  deleteSubprocessor,
  postSubprocessorUpdate,
  type SubprocessorChange,
  updateSubprocessor,
} from '../../api/specialised-editing-api';
import { type ListChange, mergeChanges } from '../../lib/subprocessor-changes';
import { CompanyPicker, pickerTexts } from './company-picker';

type FormState = { company: Company | null; purpose: string; location: string; additionalDetails: string };

function SubprocessorForm({
  initial,
  isSaving,
  onSubmit,
  onCancel,
}: {
  initial: FormState;
  isSaving: boolean;
  onSubmit(state: FormState & { company: Company }): void;
  onCancel(): void;
}) {
  const [state, setState] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!state.company) return setError(pickerTexts.required);
        onSubmit({ ...state, company: state.company });
      }}
    >
      <CompanyPicker
        id={`${id}-company`}
        label="Company"
        value={state.company}
        error={error}
        onChange={(company) => {
          setError(undefined);
          setState((current) => ({ ...current, company }));
        }}
      />
      <Field id={`${id}-purpose`} label="Purpose">
        <Input
          id={`${id}-purpose`}
          value={state.purpose}
          maxLength={500}
          onChange={(event) => setState({ ...state, purpose: event.target.value })}
        />
      </Field>
      <Field id={`${id}-location`} label="Location">
        <Input
          id={`${id}-location`}
          value={state.location}
          maxLength={200}
          onChange={(event) => setState({ ...state, location: event.target.value })}
        />
      </Field>
      <Field id={`${id}-details`} label="Additional Details">
        <Textarea
          id={`${id}-details`}
          rows={3}
          value={state.additionalDetails}
          maxLength={2000}
          onChange={(event) => setState({ ...state, additionalDetails: event.target.value })}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          Save
        </Button>
      </div>
    </form>
  );
}

const emptyForm: FormState = { company: null, purpose: '', location: '', additionalDetails: '' };
const noChange: ListChange = { added: [], removed: [] };

/** The one-click trust update after the list changed: what it will say, and the button that posts it. */
function TrustUpdateOffer({
  change,
  isPosting,
  onPost,
  onDismiss,
}: {
  change: ListChange;
  isPosting: boolean;
  onPost(): void;
  onDismiss(): void;
}) {
  if (change.added.length + change.removed.length === 0) return null;
  return (
    <section
      className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200"
      aria-label="Trust update"
      data-testid="subprocessor-update-offer"
    >
      <p className="font-medium text-slate-900">Let your subscribers know about this change?</p>
      <ul className="space-y-0.5 text-slate-700">
        {change.added.map((name) => (
          <li key={`added-${name}`}>Added: {name}</li>
        ))}
        {change.removed.map((name) => (
          <li key={`removed-${name}`}>Removed: {name}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onPost} disabled={isPosting}>
          Post a trust update
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Not now
        </Button>
      </div>
    </section>
  );
}

/**
 * Staff add, edit and delete subprocessors (spec 2 §2 dialogs); after each change a toast offers a
 * one-click trust update naming the companies added and removed.
 */
export default function SubprocessorsDialog({
  view,
  open,
  onOpenChange,
}: {
  view: PortalView;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const write = { productId: view.product.productId };
  const refresh = useRefreshPortalView();
  const [editing, setEditing] = useState<Subprocessor | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Subprocessor | null>(null);
  const list = useQuery({
    queryKey: ['staff-subprocessors', view.product.productId],
    queryFn: () =>
      apiRequest<{ subprocessors: Subprocessor[] }>(
        `/api/trust-center/products/${encodeURIComponent(view.product.productId)}/subprocessors`,
      ),
    enabled: open,
  });
  // What changed since the dialog opened, offered as one trust update (the updates feature sends it).
  const [offer, setOffer] = useState<ListChange>(noChange);
  const afterChange = async (change: SubprocessorChange, message: string) => {
    setEditing(null);
    setToDelete(null);
    setOffer((current) => mergeChanges(current, change));
    await Promise.all([list.refetch(), refresh()]);
    toast.success(message);
  };
  const post = useMutation({
    mutationFn: () => postSubprocessorUpdate(offer),
    onSuccess: () => {
      setOffer(noChange);
      toast.success('Trust update posted');
    },
    onError: () => toast.error('Failed to post the trust update'),
  });
  const onError = (error: unknown) => toast.error(error instanceof ApiError ? error.message : 'Save error');
  const save = useMutation({
    mutationFn: (state: FormState & { company: Company }) =>
      editing && editing !== 'new'
        ? updateSubprocessor(write, editing.id, state)
        : createSubprocessor(write, state),
    onSuccess: (change) =>
      afterChange(change, editing === 'new' ? 'Subprocessor added' : 'Subprocessor updated'),
    onError,
  });
  const remove = useMutation({
    mutationFn: (subprocessor: Subprocessor) => deleteSubprocessor(write, subprocessor.id),
    onSuccess: (change) => afterChange(change, 'Subprocessor deleted'),
    onError,
  });
  const rows = list.data?.subprocessors ?? [];
  const title = editing === 'new' ? 'Add subprocessor' : editing ? 'Edit subprocessor' : 'Subprocessors';

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title={title}
          description={editing ? undefined : 'Add, edit or delete the companies that process data for you.'}
        >
          {editing ? (
            <SubprocessorForm
              initial={editing === 'new' ? emptyForm : editing}
              isSaving={save.isPending}
              onSubmit={(state) => save.mutate(state)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <div className="space-y-4" data-testid="subprocessors-manager">
              <TrustUpdateOffer
                change={offer}
                isPosting={post.isPending}
                onPost={() => post.mutate()}
                onDismiss={() => setOffer(noChange)}
              />
              <Button size="sm" onClick={() => setEditing('new')}>
                <Plus className="size-4" aria-hidden />
                Add subprocessor
              </Button>
              <ul className="max-h-96 divide-y divide-slate-100 overflow-auto">
                {rows.map((row) => {
                  const name = companyDisplay(row.company).name;
                  return (
                    <li key={row.id} className="flex items-center gap-3 py-2 text-sm">
                      <CompanyLogo company={row.company} size={30} />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-slate-900">{name}</span>
                        {row.purpose ? (
                          <span className="block truncate text-slate-600">{row.purpose}</span>
                        ) : null}
                      </span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Edit ${name}`}
                        onClick={() => setEditing(row)}
                      >
                        <Pencil className="size-4" aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete ${name}`}
                        onClick={() => setToDelete(row)}
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </DialogContent>
      </Dialog>
      <AlertDialog
        open={toDelete !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setToDelete(null))}
        title="Delete subprocessor?"
        description={
          toDelete ? `${companyDisplay(toDelete.company).name} will be removed from your Trust Center.` : ''
        }
        cancelLabel="Cancel"
        confirmLabel="Delete"
        isDestructive
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </>
  );
}
