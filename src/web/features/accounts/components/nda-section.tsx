import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2, FileText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { accessLimits, type NdaVersion, NdaVersionInput } from '../../../../shared/access';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { useCreateNdaVersion, useNdaVersions } from '../api/access-settings';
import { applyServerErrors } from '../lib/form-errors';
import { formatDate } from '../lib/format';
import { FormAlert, Panel, table } from './console-page';

export const newVersionWarning =
  'Saving a new version asks every member to accept the NDA again before they see restricted documents.';

function NewVersionForm({ current, onDone }: { current: NdaVersion | undefined; onDone(): void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateNdaVersion();
  const form = useForm({
    resolver: zodResolver(NdaVersionInput, {
      error: (issue) =>
        issue.path?.[0] === 'title'
          ? 'Enter a title of at most 200 characters.'
          : issue.path?.[0] === 'body'
            ? 'Enter the text of the agreement.'
            : undefined,
    }),
    defaultValues: { title: current?.title ?? 'Non-disclosure agreement', body: current?.body ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setFormError(null);
    create.mutate(input, {
      onSuccess: () => {
        toast.success('New NDA version saved; members will be asked to accept it');
        onDone();
      },
      onError: (error) =>
        setFormError(
          applyServerErrors(
            error,
            (path) => path === 'title' || path === 'body',
            (path, message) => form.setError(path as 'title' | 'body', { type: 'server', message }),
          ),
        ),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5 rounded-xl border border-slate-200 p-4">
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/20">
        {newVersionWarning}
      </p>
      <Field id="nda-title" label="Title" error={errors.title?.message}>
        <Input
          id="nda-title"
          maxLength={200}
          isInvalid={Boolean(errors.title)}
          aria-describedby={describedBy('nda-title', errors.title?.message)}
          {...form.register('title')}
        />
      </Field>
      <Field
        id="nda-body"
        label="Agreement text"
        hint="Plain text; blank lines separate paragraphs."
        error={errors.body?.message}
      >
        <Textarea
          id="nda-body"
          rows={14}
          maxLength={accessLimits.ndaBodyMaxLength}
          isInvalid={Boolean(errors.body)}
          aria-describedby={describedBy('nda-body', errors.body?.message)}
          {...form.register('body')}
        />
      </Field>
      <FormAlert message={formError} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save new version'}
        </Button>
      </div>
    </form>
  );
}

/** The NDA members accept: the current text, a new version, and how many accepted each one. */
export function NdaSection({ isRequired }: { isRequired: boolean | undefined }) {
  const versions = useNdaVersions();
  const [isWriting, setIsWriting] = useState(false);
  const sorted = [...(versions.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const current = sorted[0];

  return (
    <Panel labelledBy="nda-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="nda-heading" className="text-base font-semibold text-slate-950">
            Non-disclosure agreement
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {isRequired === false
              ? "Members are asked to accept it only when 'Require an NDA' is on."
              : 'Members accept the current version before they see restricted documents.'}
          </p>
        </div>
        {!isWriting && versions.data ? (
          <Button variant="secondary" onClick={() => setIsWriting(true)}>
            <FilePlus2 className="size-4" aria-hidden />
            {current ? 'Write a new version' : 'Write the NDA'}
          </Button>
        ) : null}
      </div>
      {versions.isPending ? <Skeleton className="mt-5 h-40 w-full" /> : null}
      {versions.isError ? (
        <div className="mt-5">
          <ErrorBox detail={versions.error.message} />
        </div>
      ) : null}
      {isWriting ? <NewVersionForm current={current} onDone={() => setIsWriting(false)} /> : null}
      {versions.data && !current && !isWriting ? (
        <p className="mt-5 text-sm text-slate-500">No NDA yet.</p>
      ) : null}
      {current && !isWriting ? (
        <article className="mt-5 rounded-xl border border-slate-200" aria-labelledby="nda-current-title">
          <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
            <FileText className="size-4 text-slate-500" aria-hidden />
            <h3 id="nda-current-title" className="font-medium text-slate-900">
              {current.title}
            </h3>
            <span className="text-xs text-slate-500">
              Current version of {formatDate(current.createdAt)} · {current.acceptanceCount}{' '}
              {current.acceptanceCount === 1 ? 'acceptance' : 'acceptances'}
            </span>
          </header>
          <details className="group px-4 py-3">
            <summary className="cursor-pointer text-sm font-medium text-brand-ink">
              Read the full text
            </summary>
            <div className="mt-3 text-sm leading-6 whitespace-pre-wrap text-slate-700">{current.body}</div>
          </details>
        </article>
      ) : null}
      {sorted.length > 0 ? (
        // Scrolls sideways on a phone.
        <ScrollRegion label="NDA versions" className={`${table.wrapper} mt-5`}>
          <Table className={table.table}>
            <caption className="sr-only">NDA versions</caption>
            <TableHead className={table.head}>
              <TableRow>
                <TableHeaderCell className={table.th}>Version</TableHeaderCell>
                <TableHeaderCell className={table.th}>Saved</TableHeaderCell>
                <TableHeaderCell className={`${table.th} text-end`}>Acceptances</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((version, index) => (
                <TableRow key={version.id} data-testid="nda-version-row">
                  <TableCell className={table.td}>
                    <span className="font-medium text-slate-900">{version.title}</span>
                    {index === 0 ? <span className="ms-2 text-xs text-emerald-700">Current</span> : null}
                    {version.sourceFileName ? (
                      <span className="block text-xs text-slate-500">From {version.sourceFileName}</span>
                    ) : null}
                  </TableCell>
                  <TableCell className={`${table.td} whitespace-nowrap`}>
                    {formatDate(version.createdAt)}
                  </TableCell>
                  <TableCell className={`${table.td} text-end tabular-nums`}>
                    {version.acceptanceCount}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      ) : null}
    </Panel>
  );
}
