import { AlertTriangle, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import { categoryLabels, type UpdateCategory, updateCategories } from '../../../../shared/update-texts';
import { WebhookCreateInput, WebhookEditInput, type WebhookView } from '../../../../shared/updates';
import {
  SigningSecretNotice,
  useWebhookDraft,
  type WebhookChoicesConfig,
  WebhookEditDialog,
} from '../../../components/domain/webhook-form';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import {
  createWebhook,
  deleteWebhook,
  editWebhook,
  useWebhookMutation,
  useWebhooks,
} from '../api/staff-updates';

const categoryChoices: WebhookChoicesConfig<UpdateCategory> = {
  field: 'categories',
  legend: 'Categories',
  choices: updateCategories,
  labels: categoryLabels,
  placeholder: 'https://example.com/hooks/attest',
  choicesClassName: 'flex flex-wrap gap-x-5 gap-y-2',
};

/** Changes a webhook's address and categories in place: its signing secret and history stay. */
function EditWebhookDialog({ webhook, onClose }: { webhook: WebhookView; onClose(): void }) {
  const edit = useWebhookMutation(editWebhook);
  const draft = useWebhookDraft(categoryChoices, { url: webhook.url, chosen: webhook.categories });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = draft.read(WebhookEditInput);
    if (!input) return;
    edit.mutate(
      { id: webhook.id, ...input },
      {
        onSuccess: () => {
          toast.success('Webhook saved');
          onClose();
        },
        onError: draft.showRefusal,
      },
    );
  }

  return (
    <WebhookEditDialog
      title="Edit webhook"
      fields={draft.fields}
      isSaving={edit.isPending}
      onSubmit={submit}
    />
  );
}

/**
 * Webhooks for update categories: add (URL + categories, the signing secret shown once), edit the
 * address and categories, pause, failures, delete.
 */
export function WebhooksPanel({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const webhooks = useWebhooks();
  const draft = useWebhookDraft(categoryChoices, { url: '', chosen: [] });
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [editing, setEditing] = useState<WebhookView | null>(null);
  const add = useWebhookMutation((input: WebhookCreateInput) => createWebhook(input));
  const pause = useWebhookMutation(editWebhook);
  const remove = useWebhookMutation((webhookId: string) => deleteWebhook(webhookId));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = draft.read(WebhookCreateInput);
    if (!input) return;
    add.mutate(input, {
      onSuccess: (created) => {
        setSecret(created.secret);
        draft.reset({ keepChoices: false });
        toast.success('Webhook added');
      },
      onError: draft.showRefusal,
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight text-slate-950">
          Webhooks
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          We POST a signed JSON payload to each address when a public update of its categories is published.
        </p>
      </div>
      <div className="space-y-5 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
        {secret ? <SigningSecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
        {canEdit ? (
          <form className="space-y-4" noValidate onSubmit={submit}>
            {draft.fields}
            <Button type="submit" disabled={add.isPending}>
              Add webhook
            </Button>
          </form>
        ) : null}
        {webhooks.isError ? <ErrorBox detail={webhooks.error.message} /> : null}
        {webhooks.isPending ? <Skeleton className="h-16 w-full" /> : null}
        {webhooks.data && webhooks.data.webhooks.length === 0 ? (
          <p className="text-sm text-slate-600">No webhooks yet.</p>
        ) : null}
        {webhooks.data && webhooks.data.webhooks.length > 0 ? (
          <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Webhooks">
            {webhooks.data.webhooks.map((webhook) => (
              <li
                key={webhook.id}
                className="flex flex-wrap items-center gap-3 py-3"
                data-testid="webhook-row"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-mono text-sm text-slate-900">{webhook.url}</p>
                  <p className="mt-0.5 text-xs text-slate-500">
                    {webhook.categories.map((category) => categoryLabels[category]).join(', ')}
                    {webhook.lastDeliveredAt
                      ? ` · last delivered ${formatDate(webhook.lastDeliveredAt)}`
                      : ''}
                    {webhook.isActive ? '' : ' · paused'}
                  </p>
                </div>
                <span
                  className={
                    webhook.failureCount > 0
                      ? 'inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-300 ring-inset'
                      : 'inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700'
                  }
                  data-testid="webhook-failures"
                >
                  {webhook.failureCount > 0 ? <AlertTriangle className="size-3" aria-hidden /> : null}
                  {webhook.failureCount} {webhook.failureCount === 1 ? 'failure' : 'failures'}
                </span>
                {canEdit ? (
                  <>
                    <label htmlFor={`${id}-active-${webhook.id}`} className="text-xs text-slate-700">
                      {webhook.isActive ? 'On' : 'Off'}
                    </label>
                    <Switch
                      id={`${id}-active-${webhook.id}`}
                      checked={webhook.isActive}
                      onCheckedChange={(isActive) =>
                        pause.mutate(
                          { id: webhook.id, isActive },
                          { onError: (error) => toast.error(error.message) },
                        )
                      }
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit webhook ${webhook.url}`}
                      onClick={() => setEditing(webhook)}
                    >
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete webhook ${webhook.url}`}
                      onClick={() => setDeleting(webhook)}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Dialog open={editing !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))}>
        {editing ? (
          <EditWebhookDialog key={editing.id} webhook={editing} onClose={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title="Delete this webhook?"
        description={`${deleting?.url ?? ''} receives no more payloads.`}
        confirmLabel="Delete"
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Webhook deleted');
              setDeleting(null);
            },
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </section>
  );
}
