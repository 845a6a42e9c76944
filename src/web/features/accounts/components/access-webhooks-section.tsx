import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type AccessEvent,
  AccessWebhookCreateInput,
  type AccessWebhookView,
  accessEventLabels,
  accessEvents,
} from '../../../../shared/notifications';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { CopyButton } from '../../../components/ui/copy-button';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import {
  useAccessWebhooks,
  useCreateAccessWebhook,
  useDeleteAccessWebhook,
  useEditAccessWebhook,
} from '../api/notifications';

type Issues = { url?: string; events?: string; form?: string };

/** Webhooks for access events: add (URL + events; the signing secret shown once), switch on/off, delete. */
export function AccessWebhooksSection() {
  const id = useId();
  const hooks = useAccessWebhooks();
  const create = useCreateAccessWebhook();
  const edit = useEditAccessWebhook();
  const remove = useDeleteAccessWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<AccessEvent[]>([...accessEvents.slice(0, 3)]);
  const [issues, setIssues] = useState<Issues>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AccessWebhookView | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AccessWebhookCreateInput.safeParse({ url, events });
    if (!parsed.success) {
      const next: Issues = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'url' ? 'url' : issue.path[0] === 'events' ? 'events' : 'form';
        next[key] ??= issue.message;
      }
      setIssues(next);
      return;
    }
    setIssues({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setSecret(created.secret);
        setUrl('');
        toast.success('Webhook added');
      },
      onError: (error) =>
        setIssues(
          isApiError(error)
            ? {
                url: error.fields['body.url'] ?? error.fields.url,
                events: error.fields['body.events'],
                form: Object.keys(error.fields).length > 0 ? undefined : error.message,
              }
            : { form: error.message },
        ),
    });
  }

  const urlId = `${id}-url`;
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
        {secret ? (
          <div className="space-y-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" role="status">
            <p className="text-sm font-medium text-amber-950">
              Signing secret — copy it now, it is not shown again.
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="min-w-0 flex-1 rounded-md bg-white px-2 py-1.5 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">
                {secret}
              </code>
              <CopyButton text={secret} label="Copy secret" copiedLabel="Copied!" confirmationMs={3000} />
              <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
                Done
              </Button>
            </div>
          </div>
        ) : null}
        <form className="space-y-4" noValidate onSubmit={submit}>
          <Field id={urlId} label="Payload URL" error={issues.url}>
            <Input
              id={urlId}
              type="url"
              inputMode="url"
              placeholder="https://example.com/hooks/access"
              value={url}
              isInvalid={Boolean(issues.url)}
              aria-describedby={describedBy(urlId, issues.url)}
              onChange={(event) => setUrl(event.target.value)}
            />
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Events</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {accessEvents.map((name) => (
                <div key={name} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${name}`}
                    checked={events.includes(name)}
                    onCheckedChange={(isChecked) =>
                      setEvents((current) =>
                        isChecked ? [...current, name] : current.filter((value) => value !== name),
                      )
                    }
                  />
                  <label htmlFor={`${id}-${name}`} className="text-sm text-slate-700">
                    {accessEventLabels[name]}
                  </label>
                </div>
              ))}
            </div>
            {issues.events ? (
              <p className="text-xs font-medium text-red-700" role="alert">
                {issues.events}
              </p>
            ) : null}
          </fieldset>
          {issues.form ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {issues.form}
            </p>
          ) : null}
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
