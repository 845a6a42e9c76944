import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  KbAccessLevel as KbAccessLevels,
  type KbEntryInput,
  type KbHit,
  KbSourceType as KbSourceTypes,
} from '../../../../shared/knowledge-base';
import {
  type KbAccessLevel,
  type KbSourceType,
  kbAccessLevelLabels,
  kbLimits,
  kbMessages,
  kbSourceTypeLabels,
} from '../../../../shared/knowledge-base-texts';
import type { ProductSummary } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { fieldErrorsByName, isApiError } from '../../../lib/api-client';
import { createEntry, updateEntry } from '../api/kb-api';

type FormValues = {
  question: string;
  answer: string;
  comment: string;
  accessLevel: KbAccessLevel;
  sourceType: KbSourceType;
  sourceSubtype: string;
  sourceName: string;
  isFavoritePublic: boolean;
  productIds: string[];
};

function initialValues(entry: KbHit | null, question: string): FormValues {
  return {
    question: entry?.content ?? question,
    answer: entry?.answer ?? '',
    comment: entry?.comment ?? '',
    accessLevel: entry?.access_level ?? 'public',
    sourceType: entry?.source_type ?? 'manual',
    sourceSubtype: entry?.source_subtype ?? '',
    sourceName: entry?.source_name ?? '',
    isFavoritePublic: entry?.favorite_public ?? false,
    productIds: entry?.product_ids ?? [],
  };
}

function toInput(values: FormValues): KbEntryInput {
  return {
    question: values.question,
    answer: values.answer,
    comment: values.comment,
    accessLevel: values.accessLevel,
    sourceType: values.sourceType,
    sourceSubtype: values.sourceSubtype.trim() || null,
    sourceName: values.sourceName.trim() || null,
    isFavoritePublic: values.isFavoritePublic,
    productIds: values.productIds,
  };
}

type KbEntryFormDialogProps = {
  /** null: a new entry (optionally with a question from a gap). */
  entry: KbHit | null;
  initialQuestion?: string;
  products: readonly ProductSummary[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(entry: KbHit): void;
};

/** Add or edit a knowledge base entry; the server's field messages show under their fields. */
export function KbEntryFormDialog({
  entry,
  initialQuestion = '',
  products,
  open,
  onOpenChange,
  onSaved,
}: KbEntryFormDialogProps) {
  const id = useId();
  const [values, setValues] = useState(() => initialValues(entry, initialQuestion));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <Name extends keyof FormValues>(name: Name, value: FormValues[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const save = useMutation({
    mutationFn: (input: KbEntryInput) => (entry ? updateEntry(entry.objectID, input) : createEntry(input)),
    onSuccess: (saved) => {
      toast.success(entry ? kbMessages.entrySaved : kbMessages.entryCreated);
      onSaved(saved);
    },
    onError: (error) => {
      const fields = isApiError(error) ? fieldErrorsByName(error.fields) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        toast.error(isApiError(error) ? error.message : kbMessages.entryNotFound);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!values.question.trim()) local.question = kbMessages.questionRequired;
    if (!values.answer.trim()) local.answer = kbMessages.answerRequired;
    setErrors(local);
    if (Object.keys(local).length === 0) save.mutate(toInput(values));
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={entry ? 'Edit entry' : 'Add entry'} className="max-w-2xl">
        <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
          <Field id={field('question')} label={kbMessages.question} error={errors.question}>
            <Textarea
              id={field('question')}
              rows={2}
              maxLength={kbLimits.questionMaxLength}
              value={values.question}
              isInvalid={Boolean(errors.question)}
              aria-describedby={describedBy(field('question'), errors.question)}
              onChange={(event) => set('question', event.target.value)}
            />
          </Field>
          <Field id={field('answer')} label={kbMessages.answer} error={errors.answer}>
            <Textarea
              id={field('answer')}
              rows={5}
              maxLength={kbLimits.answerMaxLength}
              value={values.answer}
              isInvalid={Boolean(errors.answer)}
              aria-describedby={describedBy(field('answer'), errors.answer)}
              onChange={(event) => set('answer', event.target.value)}
            />
          </Field>
          <Field
            id={field('comment')}
            label={kbMessages.comment}
            hint="Optional; shown to visitors next to the answer."
            error={errors.comment}
          >
            <Textarea
              id={field('comment')}
              rows={2}
              maxLength={kbLimits.commentMaxLength}
              value={values.comment}
              aria-describedby={describedBy(field('comment'), errors.comment)}
              onChange={(event) => set('comment', event.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={field('access')} label="Access level" error={errors.accessLevel}>
              <Select
                id={field('access')}
                value={values.accessLevel}
                onChange={(event) => set('accessLevel', event.target.value as KbAccessLevel)}
              >
                {KbAccessLevels.options.map((level) => (
                  <option key={level} value={level}>
                    {kbAccessLevelLabels[level]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={field('source-type')} label="Source type" error={errors.sourceType}>
              <Select
                id={field('source-type')}
                value={values.sourceType}
                onChange={(event) => set('sourceType', event.target.value as KbSourceType)}
              >
                {KbSourceTypes.options.map((type) => (
                  <option key={type} value={type}>
                    {kbSourceTypeLabels[type]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={field('source-name')} label="Source name" error={errors.sourceName}>
              <Input
                id={field('source-name')}
                maxLength={kbLimits.sourceFieldMaxLength}
                value={values.sourceName}
                onChange={(event) => set('sourceName', event.target.value)}
              />
            </Field>
            <Field id={field('source-subtype')} label="Source subtype" error={errors.sourceSubtype}>
              <Input
                id={field('source-subtype')}
                maxLength={kbLimits.sourceFieldMaxLength}
                value={values.sourceSubtype}
                onChange={(event) => set('sourceSubtype', event.target.value)}
              />
            </Field>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Products</legend>
            <p className="text-xs text-slate-600">None selected: the entry belongs to every product.</p>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {products.map((product) => {
                const checkboxId = field(`product-${product.productId}`);
                return (
                  <span key={product.productId} className="inline-flex items-center gap-2">
                    <Checkbox
                      id={checkboxId}
                      checked={values.productIds.includes(product.productId)}
                      onCheckedChange={(checked) =>
                        set(
                          'productIds',
                          checked
                            ? [...values.productIds, product.productId]
                            : values.productIds.filter((productId) => productId !== product.productId),
                        )
                      }
                    />
                    <label htmlFor={checkboxId} className="text-sm text-slate-800">
                      {product.productName}
                    </label>
                  </span>
                );
              })}
            </div>
            {errors.productIds ? (
              <p className="text-xs font-medium text-red-700">{errors.productIds}</p>
            ) : null}
          </fieldset>
          <span className="inline-flex items-center gap-2">
            <Checkbox
              id={field('favorite')}
              checked={values.isFavoritePublic}
              onCheckedChange={(checked) => set('isFavoritePublic', checked)}
            />
            <label htmlFor={field('favorite')} className="text-sm text-slate-800">
              Favourite (listed first)
            </label>
          </span>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {entry ? 'Save entry' : 'Add entry'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
