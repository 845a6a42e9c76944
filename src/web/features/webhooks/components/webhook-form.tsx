import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { ZodType } from 'zod';
import { categoryLabels, type UpdateCategory, updateCategories } from '../../../../shared/update-texts';
import {
  categoriesProblem,
  type WebhookEvent,
  webhookEventGroups,
  webhookEventLabels,
} from '../../../../shared/webhooks';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { CopyButton } from '../../../components/ui/copy-button';
import { DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';

/** A webhook form's problems: on the URL, the events, the categories, or the form as a whole. */
export type WebhookIssues = { url?: string; events?: string; categories?: string; form?: string };
type IssueField = keyof WebhookIssues;
const fieldNames: IssueField[] = ['url', 'events', 'categories'];

function issueField(key: PropertyKey | undefined): IssueField {
  return fieldNames.find((name) => name === key) ?? 'form';
}

/** A schema's issues, each on the field it names. */
export function webhookIssuesOf(issues: readonly { path: PropertyKey[]; message: string }[]): WebhookIssues {
  const next: WebhookIssues = {};
  for (const issue of issues) next[issueField(issue.path[0])] ??= issue.message;
  return next;
}

/** The server's answer to a refused add or edit, on the fields it names. */
export function webhookIssuesOfError(error: Error): WebhookIssues {
  if (!isApiError(error)) return { form: error.message };
  const next: WebhookIssues = {};
  for (const name of fieldNames) next[name] = error.fields[`body.${name}`] ?? error.fields[name];
  if (Object.keys(error.fields).length === 0) next.form = error.message;
  return next;
}

function FieldProblem({ message, className }: { message: string | undefined; className: string }) {
  return message ? (
    <p className={className} role="alert">
      {message}
    </p>
  ) : null;
}

type ChoiceListProps<Choice extends string> = {
  idPrefix: string;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  chosen: readonly Choice[];
  onChange(update: (chosen: Choice[]) => Choice[]): void;
  className: string;
};

function ChoiceList<Choice extends string>({
  idPrefix,
  choices,
  labels,
  chosen,
  onChange,
  className,
}: ChoiceListProps<Choice>) {
  return (
    <div className={className}>
      {choices.map((choice) => (
        <div key={choice} className="flex items-center gap-2">
          <Checkbox
            id={`${idPrefix}-${choice}`}
            checked={chosen.includes(choice)}
            onCheckedChange={(isChecked) =>
              onChange((current) =>
                isChecked ? [...current, choice] : current.filter((value) => value !== choice),
              )
            }
          />
          <label htmlFor={`${idPrefix}-${choice}`} className="text-sm text-slate-700">
            {labels[choice]}
          </label>
        </div>
      ))}
    </div>
  );
}

type WebhookDraftState = {
  url: string;
  events: WebhookEvent[];
  categories: UpdateCategory[];
};

type WebhookFieldsProps = {
  idPrefix: string;
  draft: WebhookDraftState;
  onUrlChange(url: string): void;
  onEventsChange(update: (events: WebhookEvent[]) => WebhookEvent[]): void;
  onCategoriesChange(update: (categories: UpdateCategory[]) => UpdateCategory[]): void;
  issues: WebhookIssues;
};

/** The payload URL, the events by group, and the update categories when updates are chosen. */
export function WebhookFields({ idPrefix, draft, issues, ...change }: WebhookFieldsProps) {
  const urlId = `${idPrefix}-url`;
  const wantsUpdates = draft.events.includes('update.published');
  return (
    <>
      <Field id={urlId} label="Payload URL" error={issues.url}>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/attest"
          value={draft.url}
          isInvalid={Boolean(issues.url)}
          aria-describedby={describedBy(urlId, issues.url)}
          onChange={(event) => change.onUrlChange(event.target.value)}
        />
      </Field>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Events</legend>
        {webhookEventGroups.map((group) => (
          <div key={group.label} className="space-y-2">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{group.label}</p>
            <ChoiceList
              idPrefix={idPrefix}
              choices={group.events}
              labels={webhookEventLabels}
              chosen={draft.events}
              onChange={change.onEventsChange}
              className="grid gap-2 sm:grid-cols-3"
            />
          </div>
        ))}
        <FieldProblem message={issues.events} className="text-xs font-medium text-red-700" />
      </fieldset>
      {wantsUpdates ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Update categories</legend>
          <ChoiceList
            idPrefix={`${idPrefix}-category`}
            choices={updateCategories}
            labels={categoryLabels}
            chosen={draft.categories}
            onChange={change.onCategoriesChange}
            className="flex flex-wrap gap-x-5 gap-y-2"
          />
          <FieldProblem message={issues.categories} className="text-xs font-medium text-red-700" />
        </fieldset>
      ) : null}
      <FieldProblem message={issues.form} className="text-sm font-medium text-red-700" />
    </>
  );
}

/** A new webhook's signing secret: shown once, with a copy button. */
export function SigningSecretNotice({ secret, onDone }: { secret: string; onDone(): void }) {
  return (
    <div className="space-y-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" role="status">
      <p className="text-sm font-medium text-amber-950">
        Signing secret — copy it now, it is not shown again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-white px-2 py-1.5 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">
          {secret}
        </code>
        <CopyButton text={secret} label="Copy secret" copiedLabel="Copied!" confirmationMs={3000} />
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** An add or edit form's draft: its fields, read through a schema, and the server's refusal on them. */
export function useWebhookDraft(initial: WebhookDraftState) {
  const idPrefix = useId();
  const [draft, setDraft] = useState<WebhookDraftState>(initial);
  const [issues, setIssues] = useState<WebhookIssues>({});
  return {
    fields: (
      <WebhookFields
        idPrefix={idPrefix}
        draft={draft}
        issues={issues}
        onUrlChange={(url) => setDraft((current) => ({ ...current, url }))}
        onEventsChange={(update) => setDraft((current) => ({ ...current, events: update(current.events) }))}
        onCategoriesChange={(update) =>
          setDraft((current) => ({ ...current, categories: update(current.categories) }))
        }
      />
    ),
    /** The draft as `schema` reads it (categories only with updates), or null with its problems shown. */
    read<Output>(schema: ZodType<Output>): Output | null {
      const categories = draft.events.includes('update.published') ? draft.categories : [];
      const parsed = schema.safeParse({ ...draft, categories });
      // An edit is checked on the webhook as it will be, as the server does.
      const categoriesIssue = categoriesProblem(draft.events, categories) ?? undefined;
      setIssues(parsed.success ? { categories: categoriesIssue } : webhookIssuesOf(parsed.error.issues));
      return parsed.success && !categoriesIssue ? parsed.data : null;
    },
    showRefusal: (error: Error) => setIssues(webhookIssuesOfError(error)),
    /** After an add: the address goes, the choices stay for the next one. */
    clearUrl: () => setDraft((current) => ({ ...current, url: '' })),
  };
}

type WebhookEditDialogProps = {
  fields: ReactNode;
  isSaving: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
};

/** The edit dialog's frame (inside a Dialog): the fields, Cancel and Save changes. */
export function WebhookEditDialog({ fields, isSaving, onSubmit }: WebhookEditDialogProps) {
  return (
    <DialogContent
      title="Edit webhook"
      description="The signing secret stays the same; deliveries go to the new address from the next event."
    >
      <form className="mt-5 space-y-4" noValidate onSubmit={onSubmit}>
        {fields}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={isSaving}>
            Save changes
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
