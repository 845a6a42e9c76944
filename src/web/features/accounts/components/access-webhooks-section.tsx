import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { ZodType } from 'zod';
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
  WebhookFields,
  type WebhookIssues,
  webhookIssuesOf,
  webhookIssuesOfError,
} from '../../../components/domain/webhook-form';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { Switch } from '../../../components/ui/switch';
import {
  useAccessWebhooks,
  useCreateAccessWebhook,
  useDeleteAccessWebhook,
  useEditAccessWebhook,
} from '../api/notifications';

const eventsField = 'events';

/** The URL and events, as the add form and the edit dialog both ask for them. */
function AccessWebhookFields(props: {
  idPrefix: string;
  url: string;
  onUrlChange(url: string): void;
  events: AccessEvent[];
  onEventsChange(update: (events: AccessEvent[]) => AccessEvent[]): void;
  issues: WebhookIssues;
}) {
  return (
    <WebhookFields
      idPrefix={props.idPrefix}
      url={props.url}
      onUrlChange={props.onUrlChange}
      placeholder="https://example.com/hooks/access"
      legend="Events"
      choices={accessEvents}
      labels={accessEventLabels}
      chosen={props.events}
      onChosenChange={props.onEventsChange}
      issues={props.issues}
      choicesClassName="grid gap-2 sm:grid-cols-3"
    />
  );
}

/** An add or edit form's draft: its fields, read through a schema, and the server's refusal on them. */
function useAccessWebhookDraft(initial: { url: string; events: AccessEvent[] }) {
  const idPrefix = useId();
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState<AccessEvent[]>(initial.events);
  const [issues, setIssues] = useState<WebhookIssues>({});
  return {
    fields: (
      <AccessWebhookFields
        idPrefix={idPrefix}
        url={url}
        onUrlChange={setUrl}
        events={events}
        onEventsChange={setEvents}
        issues={issues}
      />
    ),
    /** The draft as `schema` reads it, or null with its problems shown on the fields. */
    read<Output>(schema: ZodType<Output>): Output | null {
      const parsed = schema.safeParse({ url, events });
      setIssues(parsed.success ? {} : webhookIssuesOf(parsed.error.issues, eventsField));
      return parsed.success ? parsed.data : null;
    },
    showRefusal: (error: Error) => setIssues(webhookIssuesOfError(error, eventsField)),
    clearUrl: () => setUrl(''),
  };
}

/** Changes a webhook's address and events in place: its signing secret and history stay. */
function EditAccessWebhookDialog({ hook, onClose }: { hook: AccessWebhookView; onClose(): void }) {
  const edit = useEditAccessWebhook();
  const draft = useAccessWebhookDraft(hook);

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
    <DialogContent
      title="Edit access webhook"
      description="The signing secret stays the same; deliveries go to the new address from the next event."
    >
      <form className="mt-5 space-y-4" noValidate onSubmit={submit}>
        {draft.fields}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={edit.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </DialogContent>
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
  const draft = useAccessWebhookDraft({ url: '', events: [...accessEvents.slice(0, 3)] });
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
        draft.clearUrl();
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
