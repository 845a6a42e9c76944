import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { ZodType } from 'zod';
import { isApiError } from '../../lib/api-client';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { CopyButton } from '../ui/copy-button';
import { DialogClose, DialogContent } from '../ui/dialog';
import { describedBy, Field } from '../ui/field';
import { Input } from '../ui/input';

/**
 * The parts both webhook screens share (update webhooks by category, access webhooks by event): the
 * payload URL, the choices, their problems, and the signing secret shown once.
 */
export type WebhookIssues = { url?: string; choices?: string; form?: string };

/** A schema's issues on the URL, on the choices (`choicesField`), or on the form as a whole. */
export function webhookIssuesOf(
  issues: readonly { path: PropertyKey[]; message: string }[],
  choicesField: string,
): WebhookIssues {
  const next: WebhookIssues = {};
  for (const issue of issues) {
    const key = issue.path[0] === 'url' ? 'url' : issue.path[0] === choicesField ? 'choices' : 'form';
    next[key] ??= issue.message;
  }
  return next;
}

/** The server's answer to a refused add or edit, on the fields it names. */
export function webhookIssuesOfError(error: Error, choicesField: string): WebhookIssues {
  if (!isApiError(error)) return { form: error.message };
  return {
    url: error.fields['body.url'] ?? error.fields.url,
    choices: error.fields[`body.${choicesField}`] ?? error.fields[choicesField],
    form: Object.keys(error.fields).length > 0 ? undefined : error.message,
  };
}

type WebhookFieldsProps<Choice extends string> = {
  idPrefix: string;
  url: string;
  onUrlChange(url: string): void;
  placeholder: string;
  legend: string;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  chosen: readonly Choice[];
  onChosenChange(update: (chosen: Choice[]) => Choice[]): void;
  issues: WebhookIssues;
  choicesClassName: string;
};

export function WebhookFields<Choice extends string>(props: WebhookFieldsProps<Choice>) {
  const { idPrefix, url, onUrlChange, placeholder, legend, choices, labels, chosen, issues } = props;
  const urlId = `${idPrefix}-url`;
  return (
    <>
      <Field id={urlId} label="Payload URL" error={issues.url}>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          placeholder={placeholder}
          value={url}
          isInvalid={Boolean(issues.url)}
          aria-describedby={describedBy(urlId, issues.url)}
          onChange={(event) => onUrlChange(event.target.value)}
        />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{legend}</legend>
        <div className={props.choicesClassName}>
          {choices.map((choice) => (
            <div key={choice} className="flex items-center gap-2">
              <Checkbox
                id={`${idPrefix}-${choice}`}
                checked={chosen.includes(choice)}
                onCheckedChange={(isChecked) =>
                  props.onChosenChange((current) =>
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
        {issues.choices ? (
          <p className="text-xs font-medium text-red-700" role="alert">
            {issues.choices}
          </p>
        ) : null}
      </fieldset>
      {issues.form ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {issues.form}
        </p>
      ) : null}
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

/** What a kind of webhook subscribes to: update categories, or access events. */
export type WebhookChoicesConfig<Choice extends string> = {
  /** The input's field for the choices ('categories', 'events'). */
  field: string;
  legend: string;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  placeholder: string;
  choicesClassName: string;
};

/** An add or edit form's draft: its fields, read through a schema, and the server's refusal on them. */
export function useWebhookDraft<Choice extends string>(
  config: WebhookChoicesConfig<Choice>,
  initial: { url: string; chosen: Choice[] },
) {
  const idPrefix = useId();
  const [url, setUrl] = useState(initial.url);
  const [chosen, setChosen] = useState<Choice[]>(initial.chosen);
  const [issues, setIssues] = useState<WebhookIssues>({});
  return {
    fields: (
      <WebhookFields
        idPrefix={idPrefix}
        url={url}
        onUrlChange={setUrl}
        placeholder={config.placeholder}
        legend={config.legend}
        choices={config.choices}
        labels={config.labels}
        chosen={chosen}
        onChosenChange={setChosen}
        issues={issues}
        choicesClassName={config.choicesClassName}
      />
    ),
    /** The draft as `schema` reads it, or null with its problems shown on the fields. */
    read<Output>(schema: ZodType<Output>): Output | null {
      const parsed = schema.safeParse({ url, [config.field]: chosen });
      setIssues(parsed.success ? {} : webhookIssuesOf(parsed.error.issues, config.field));
      return parsed.success ? parsed.data : null;
    },
    showRefusal: (error: Error) => setIssues(webhookIssuesOfError(error, config.field)),
    /** After an add: the address goes, the choices stay for the next one (or are cleared too). */
    reset: (options: { keepChoices: boolean }) => {
      setUrl('');
      if (!options.keepChoices) setChosen([]);
    },
  };
}

type WebhookEditDialogProps = {
  title: string;
  fields: ReactNode;
  isSaving: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
};

/** The edit dialog's frame (inside a Dialog): the fields, Cancel and Save changes. */
export function WebhookEditDialog({ title, fields, isSaving, onSubmit }: WebhookEditDialogProps) {
  return (
    <DialogContent
      title={title}
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
