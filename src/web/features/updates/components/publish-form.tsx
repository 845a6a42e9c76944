import {
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { categoryLabels, updateCategories } from '../../../../shared/update-texts';
import type { AddUpdateInput, CreateTopicInput, UpdateAudience } from '../../../../shared/updates';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { TokenInput } from '../../../components/ui/token-input';
import {
  audienceIssues,
  defaultPublishValues,
  normaliseAddress,
  type PublishIssues,
  type PublishMode,
  type PublishValues,
  validatePublish,
} from '../lib/publish-form';

import { TopicProductField } from './topic-product-field';

const MarkdownPreview = lazy(() => import('./markdown-preview'));

type PublishFormProps = {
  mode: PublishMode;
  /** Confirmed subscribers, shown next to the choice; null while unknown. */
  subscriberCount: number | null;
  /** The organisation's products a new topic may concern (none offered with fewer than two). */
  products?: ReadonlyArray<{ id: string; name: string }>;
  isSubmitting: boolean;
  /** Messages the server returned for fields, by the form's paths; cleared by the next change. */
  serverIssues: PublishIssues;
  onSubmit(payload: CreateTopicInput | AddUpdateInput): void;
  onCancel(): void;
  onChange?(): void;
};

function ErrorText({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-700" role="alert">
      {children}
    </p>
  );
}

function CheckboxRow({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
}) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={onCheckedChange} className="mt-0.5" />
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint ? <p className="text-xs leading-5 text-slate-500">{hint}</p> : null}
      </div>
    </div>
  );
}

const audienceOptions = [
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
] as const satisfies ReadonlyArray<{ value: UpdateAudience; label: string }>;

/**
 * The publish form (spec 3 §3 create payload, §5 rules): subject and category for a new topic, the
 * Markdown message with a preview, and the channels. Rules are the contract's; its messages show once
 * the form was sent, each under its field, and listed addresses are judged as they are added.
 */
export function PublishForm({
  mode,
  subscriberCount,
  products = [],
  isSubmitting,
  serverIssues,
  onSubmit,
  onCancel,
  onChange,
}: PublishFormProps) {
  const id = useId();
  const [values, setValues] = useState<PublishValues>(defaultPublishValues);
  const [hasTriedSubmit, setTriedSubmit] = useState(false);
  const [messageTab, setMessageTab] = useState<'write' | 'preview'>('write');
  const formRef = useRef<HTMLFormElement>(null);
  // Counts refused sends: after the messages render, focus moves to the first field in error.
  const [refusedSends, setRefusedSends] = useState(0);
  useEffect(() => {
    if (refusedSends > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedSends]);
  const validation = useMemo(() => validatePublish(mode, values), [mode, values]);
  const shownIssues: PublishIssues = hasTriedSubmit
    ? { ...validation.issues, ...serverIssues }
    : serverIssues;
  const addressIssues = audienceIssues({ ...validation.issues, ...serverIssues });
  const isCreating = mode.kind === 'create';

  function change<Name extends keyof PublishValues>(name: Name, value: PublishValues[Name]) {
    setValues((current) => ({ ...current, [name]: value }));
    onChange?.();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTriedSubmit(true);
    if (validation.isValid) {
      onSubmit(validation.payload);
      return;
    }
    setRefusedSends((count) => count + 1);
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const subjectError = shownIssues.subject;
  const categoryError = shownIssues.category;
  const messageError = shownIssues.message;
  const channelsError = shownIssues.channels;
  const subscribersError = shownIssues['channels.email.subscribers'];
  const audienceError = shownIssues['channels.email.audience'];
  const formError = shownIssues.form;

  return (
    <form ref={formRef} className="mt-6 space-y-5" noValidate onSubmit={submit} data-testid="publish-form">
      {mode.kind === 'add' ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Topic: <span className="font-medium text-slate-900">{mode.subject}</span>
        </p>
      ) : null}
      {isCreating ? (
        <>
          <Field
            id={fieldId('subject')}
            label="Subject"
            error={subjectError}
            hint="Shown as the update's title and the e-mail subject."
          >
            <Input
              id={fieldId('subject')}
              value={values.subject}
              isInvalid={Boolean(subjectError)}
              aria-describedby={describedBy(fieldId('subject'), subjectError)}
              onChange={(event) => change('subject', event.target.value)}
            />
          </Field>
          <Field id={fieldId('category')} label="Category" error={categoryError}>
            <Select
              id={fieldId('category')}
              value={values.category}
              isInvalid={Boolean(categoryError)}
              aria-describedby={describedBy(fieldId('category'), categoryError)}
              onChange={(event) => change('category', event.target.value as PublishValues['category'])}
            >
              <option value="">Choose a category</option>
              {updateCategories.map((category) => (
                <option key={category} value={category}>
                  {categoryLabels[category]}
                </option>
              ))}
            </Select>
          </Field>
          <TopicProductField
            id={fieldId('productId')}
            products={products}
            value={values.productId}
            error={shownIssues.productId}
            onChange={(productId) => change('productId', productId)}
          />
        </>
      ) : null}

      <div className="space-y-1.5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <label htmlFor={fieldId('message')} className="block text-sm font-medium text-slate-800">
            Message
          </label>
          <SegmentedControl<'write' | 'preview'>
            label="Message view"
            value={messageTab}
            options={[
              { value: 'write', label: 'Write' },
              { value: 'preview', label: 'Preview' },
            ]}
            onValueChange={setMessageTab}
          />
        </div>
        {messageTab === 'write' ? (
          <Textarea
            id={fieldId('message')}
            rows={8}
            value={values.message}
            isInvalid={Boolean(messageError)}
            aria-describedby={describedBy(fieldId('message'), messageError)}
            onChange={(event) => change('message', event.target.value)}
          />
        ) : (
          <div
            className="min-h-48 rounded-lg border border-slate-200 bg-slate-50/60 px-3 py-2"
            data-testid="message-preview"
          >
            <Suspense fallback={<Skeleton className="h-20 w-full" />}>
              <MarkdownPreview markdown={values.message} />
            </Suspense>
          </div>
        )}
        {messageError ? (
          <ErrorText id={`${fieldId('message')}-error`}>{messageError}</ErrorText>
        ) : (
          <p id={`${fieldId('message')}-hint`} className="text-xs text-slate-500">
            Markdown: **bold**, _italic_, [link](https://…), lists. Scripts and unsafe links are removed.
          </p>
        )}
      </div>

      <fieldset
        className="space-y-4 rounded-xl border border-slate-200 p-4"
        aria-describedby={channelsError ? `${fieldId('channels')}-error` : undefined}
      >
        <legend className="px-1 text-sm font-medium text-slate-800">Channels</legend>
        <ErrorText id={`${fieldId('channels')}-error`}>{channelsError}</ErrorText>
        <div className="space-y-1.5">
          <p id={fieldId('audience-label')} className="text-sm font-medium text-slate-800">
            Audience
          </p>
          <SegmentedControl
            label="Audience"
            labelledBy={fieldId('audience-label')}
            value={values.statusPageAudience}
            options={audienceOptions}
            onValueChange={(value) => change('statusPageAudience', value)}
          />
          <p className="text-xs text-slate-500">
            {values.statusPageAudience === 'private'
              ? 'Only signed-in account members see it on the trust center.'
              : 'Everyone who can open the trust center sees it.'}
          </p>
        </div>
        <div className="border-t border-slate-100 pt-4">
          <CheckboxRow
            id={fieldId('status-page')}
            label="Status page"
            hint="Show the update on the trust center's updates card."
            checked={values.statusPage}
            onCheckedChange={(checked) => change('statusPage', checked)}
          />
        </div>
        <div className="space-y-3 border-t border-slate-100 pt-4">
          <CheckboxRow
            id={fieldId('email')}
            label="E-mail"
            hint="Send the update by e-mail; every message carries an unsubscribe link."
            checked={values.emailEnabled}
            onCheckedChange={(checked) => change('emailEnabled', checked)}
          />
          {values.emailEnabled ? (
            <div className="space-y-4 ps-7.5">
              <div className="space-y-1">
                <CheckboxRow
                  id={fieldId('subscribers')}
                  label={
                    subscriberCount === null
                      ? 'All confirmed subscribers'
                      : `All confirmed subscribers (${subscriberCount})`
                  }
                  checked={values.emailSubscribers}
                  onCheckedChange={(checked) => change('emailSubscribers', checked)}
                />
                <ErrorText>{subscribersError}</ErrorText>
              </div>
              <div className="space-y-1.5">
                <label htmlFor={fieldId('addresses')} className="block text-sm font-medium text-slate-800">
                  Addresses
                </label>
                <TokenInput
                  id={fieldId('addresses')}
                  values={values.emailAudience}
                  onChange={(addresses) => change('emailAudience', addresses)}
                  normalise={normaliseAddress}
                  invalidIndexes={addressIssues.indexes}
                  isInvalid={Boolean(audienceError) || addressIssues.indexes.size > 0}
                  placeholder="name@customer.example"
                  aria-describedby={`${fieldId('addresses')}-hint ${fieldId('addresses')}-error`}
                />
                <p id={`${fieldId('addresses')}-hint`} className="text-xs text-slate-500">
                  Press Enter or comma after each address.
                </p>
                <div id={`${fieldId('addresses')}-error`}>
                  <ErrorText>{audienceError}</ErrorText>
                  {addressIssues.messages.map((message) => (
                    <ErrorText key={message}>{message}</ErrorText>
                  ))}
                </div>
              </div>
            </div>
          ) : null}
        </div>
      </fieldset>

      {isCreating ? (
        <CheckboxRow
          id={fieldId('pinned')}
          label="Pin this topic"
          hint="Pinned topics stay at the top of the updates card."
          checked={values.isPinned}
          onCheckedChange={(checked) => change('isPinned', checked)}
        />
      ) : null}

      <ErrorText>{formError}</ErrorText>
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} data-testid="publish-submit">
          {isCreating ? 'Publish update' : 'Add update'}
        </Button>
      </div>
    </form>
  );
}
