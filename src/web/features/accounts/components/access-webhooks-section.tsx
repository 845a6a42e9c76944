import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type AccessEvent,
  AccessWebhookCreateInput,
  AccessWebhookEditInput,
  type AccessWebhookView,
  accessEventLabels,
  accessEvents,
} from '../../../../shared/notifications';
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
import { Switch } from '../../../components/ui/switch';
import {
  useAccessWebhooks,
  useCreateAccessWebhook,
  useDeleteAccessWebhook,
  useEditAccessWebhook,
} from '../api/notifications';

const accessEventChoices: WebhookChoicesConfig<AccessEvent> = {
  field: 'events',
  legend: 'Events',
  choices: accessEvents,
  labels: accessEventLabels,
  placeholder: 'https://example.com/hooks/access',
  choicesClassName: 'grid gap-2 sm:grid-cols-3',
};

/** Changes a webhook's address and events in place: its signing secret and history stay. */
function EditAccessWebhookDialog({ hook, onClose }: { hook: AccessWebhookView; onClose(): void }) {
  const edit = useEditAccessWebhook();
  const draft = useWebhookDraft(accessEventChoices, { url: hook.url, chosen: hook.events });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = draft.read(AccessWebhookEditInput);
    if (!input) return;
    edit.mutate(
      { id: hook.id, ...input },
      {
        onSuccess: () => {
          toast.success('Access webhook saved');
          onClose();
        },
        onError: draft.showRefusal,
      },
    );
  }

  return (
    <WebhookEditDialog
      title="Edit access webhook"
      fields={draft.fields}
      isSaving={edit.isPending}
      onSubmit={submit}
    />
  );
}

/**
 * Webhooks for access events: add (URL + events; the signing secret shown once), edit the address and
 * events, switch on/off, delete.
 */
export function AccessWebhooksSection() {
  const id = useId();
  const hooks = useAccessWebhooks();
  const create = useCreateAccessWebhook();
  const edit = useEditAccessWebhook();
  const remove = useDeleteAccessWebhook();
  const draft = useWebhookDraft(accessEventChoices, { url: '', chosen: [...accessEvents.slice(0, 3)] });
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AccessWebhookView | null>(null);
  const [editing, setEditing] = useState<AccessWebhookView | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = draft.read(AccessWebhookCreateInput);
    if (!input) return;
    create.mutate(input, {
      onSuccess: (created) => {
        setSecret(created.secret);
        draft.reset({ keepChoices: true });
        toast.success('Webhook added');
      },
      onError: draft.showRefusal,
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight text-slate-950">
          Access webhooks
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          We POST a signed JSON payload (who asked, their company, products, status and times; never document
          content) to each address when one of its events happens. Signed like the update webhooks.
        </p>
      </div>
      <div className="space-y-5 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
        {secret ? <SigningSecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
        <form className="space-y-4" noValidate onSubmit={submit}>
          {draft.fields}
          <Button type="submit" disabled={create.isPending}>
            Add access webhook
          </Button>
        </form>
        {hooks.isError ? <ErrorBox detail={hooks.error.message} /> : null}
        {hooks.data && hooks.data.webhooks.length === 0 ? (
          <p className="text-sm text-slate-600">No access webhooks yet.</p>
        ) : null}
        {hooks.data && hooks.data.webhooks.length > 0 ? (
          <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Access webhooks">
            {hooks.data.webhooks.map((hook) => (
              <li
                key={hook.id}
                className="flex flex-wrap items-center gap-3 py-3"
                data-testid="access-webhook-row"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-mono text-sm text-slate-900">{hook.url}</p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    {hook.events.map((name) => accessEventLabels[name]).join(', ')}
                    {hook.failureCount > 0 ? ` · ${hook.failureCount} failed` : ''}
                  </p>
                </div>
                <label htmlFor={`${id}-active-${hook.id}`} className="text-xs text-slate-700">
                  {hook.isActive ? 'On' : 'Off'}
                </label>
                <Switch
                  id={`${id}-active-${hook.id}`}
                  checked={hook.isActive}
                  onCheckedChange={(isActive) =>
                    edit.mutate({ id: hook.id, isActive }, { onError: (error) => toast.error(error.message) })
                  }
                />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit access webhook ${hook.url}`}
                  onClick={() => setEditing(hook)}
                >
                  <Pencil className="size-4" aria-hidden />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete access webhook ${hook.url}`}
                  onClick={() => setDeleting(hook)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Dialog open={editing !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))}>
        {editing ? (
          <EditAccessWebhookDialog key={editing.id} hook={editing} onClose={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title="Delete this access webhook?"
        description={`${deleting?.url ?? ''} receives no more access events.`}
        confirmLabel="Delete"
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Access webhook deleted');
              setDeleting(null);
            },
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </section>
  );
}
