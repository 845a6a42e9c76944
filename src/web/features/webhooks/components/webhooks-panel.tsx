import { AlertTriangle, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import { categoryLabels, updateCategories } from '../../../../shared/update-texts';
import {
  WebhookCreateInput,
  WebhookEditInput,
  type WebhookView,
  webhookEventLabels,
} from '../../../../shared/webhooks';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { createWebhook, deleteWebhook, editWebhook, useWebhookMutation, useWebhooks } from '../api/webhooks';
import { SigningSecretNotice, useWebhookDraft, WebhookEditDialog } from './webhook-form';

/** "Update published (Incidents, Compliance), Request created": what a webhook receives. */
export function describeSubscription(webhook: Pick<WebhookView, 'events' | 'categories'>): string {
  return webhook.events
    .map((event) =>
      event === 'update.published'
        ? `${webhookEventLabels[event]} (${webhook.categories.map((category) => categoryLabels[category]).join(', ')})`
        : webhookEventLabels[event],
    )
    .join(', ');
}

/** Changes a webhook's address and choices in place: its signing secret and history stay. */
function EditWebhookDialog({ webhook, onClose }: { webhook: WebhookView; onClose(): void }) {
  const edit = useWebhookMutation(editWebhook);
  const draft = useWebhookDraft({
    url: webhook.url,
    events: webhook.events,
    categories: webhook.categories.length > 0 ? webhook.categories : [...updateCategories],
  });

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

  return <WebhookEditDialog fields={draft.fields} isSaving={edit.isPending} onSubmit={submit} />;
}

function FailureBadge({ count }: { count: number }) {
  return (
    <span
      className={
        count > 0
          ? 'inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-300 ring-inset'
          : 'inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700'
      }
      data-testid="webhook-failures"
    >
      {count > 0 ? <AlertTriangle className="size-3" aria-hidden /> : null}
      {count} {count === 1 ? 'failure' : 'failures'}
    </span>
  );
}

type WebhookRowProps = {
  webhook: WebhookView;
  canEdit: boolean;
  onSwitch(isActive: boolean): void;
  onEdit(): void;
  onDelete(): void;
};

function WebhookRow({ webhook, canEdit, onSwitch, onEdit, onDelete }: WebhookRowProps) {
  const switchId = useId();
  const delivered = webhook.lastDeliveredAt ? ` · last delivered ${formatDate(webhook.lastDeliveredAt)}` : '';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="webhook-row">
      <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
        <p className="truncate font-mono text-sm text-slate-900">{webhook.url}</p>
        <p className="mt-0.5 text-xs text-slate-600">
          {describeSubscription(webhook)}
          {delivered}
          {webhook.isActive ? '' : ' · paused'}
        </p>
      </div>
      <FailureBadge count={webhook.failureCount} />
      {canEdit ? (
        <>
          <label htmlFor={switchId} className="text-xs text-slate-700">
            {webhook.isActive ? 'On' : 'Off'}
          </label>
          <Switch id={switchId} checked={webhook.isActive} onCheckedChange={onSwitch} />
          <Button size="sm" variant="ghost" aria-label={`Edit webhook ${webhook.url}`} onClick={onEdit}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Delete webhook ${webhook.url}`} onClick={onDelete}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </>
      ) : null}
    </li>
  );
}

function AddWebhookForm({ onAdded }: { onAdded(secret: string): void }) {
  const add = useWebhookMutation((input: WebhookCreateInput) => createWebhook(input));
  const draft = useWebhookDraft({ url: '', events: [], categories: [...updateCategories] });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = draft.read(WebhookCreateInput);
    if (!input) return;
    add.mutate(input, {
      onSuccess: (created) => {
        onAdded(created.secret);
        draft.clearUrl();
        toast.success('Webhook added');
      },
      onError: draft.showRefusal,
    });
  }

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      {draft.fields}
      <Button type="submit" disabled={add.isPending}>
        Add webhook
      </Button>
    </form>
  );
}

/**
 * The organisation's webhooks, one list for every event: add (URL, events, categories for updates; the
 * signing secret shown once), edit in place, switch on and off, failures, delete.
 */
export function WebhooksPanel({ canEdit }: { canEdit: boolean }) {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [editing, setEditing] = useState<WebhookView | null>(null);
  const pause = useWebhookMutation(editWebhook);
  const remove = useWebhookMutation((webhookId: string) => deleteWebhook(webhookId));
  const list = webhooks.data?.webhooks;

  return (
    <section
      aria-label="Webhooks"
      className="space-y-5 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
    >
      {secret ? <SigningSecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
      {canEdit ? <AddWebhookForm onAdded={setSecret} /> : null}
      {webhooks.isError ? <ErrorBox detail={webhooks.error.message} /> : null}
      {webhooks.isPending ? <Skeleton className="h-16 w-full" /> : null}
      {list?.length === 0 ? <p className="text-sm text-slate-600">No webhooks yet.</p> : null}
      {list && list.length > 0 ? (
        <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Webhooks">
          {list.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              canEdit={canEdit}
              onSwitch={(isActive) =>
                pause.mutate({ id: webhook.id, isActive }, { onError: (error) => toast.error(error.message) })
              }
              onEdit={() => setEditing(webhook)}
              onDelete={() => setDeleting(webhook)}
            />
          ))}
        </ul>
      ) : null}
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
