import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, FileUp, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import type { StaffPermission } from '../../../../shared/permissions';
import {
  type MissingDocumentList,
  type TrustCenterImportCounts,
  type TrustCenterImportProblem,
  type TrustCenterImportSummary,
  trustCenterMessages,
} from '../../../../shared/trust-center-export';
import { rolesThatMay } from '../../../components/role-gate';
import { buttonClassName } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import {
  exportAddress,
  importTrustCenterFile,
  missingDocumentsQueryKey,
  uploadDocumentFile,
  useMissingDocuments,
} from '../api/trust-center-file';
import { ImportProblems } from './import-problems';

const countLabels: [keyof TrustCenterImportCounts, string][] = [
  ['products', 'Products'],
  ['cards', 'Cards'],
  ['items', 'Items'],
  ['documents', 'Documents'],
  ['updateTopics', 'Update topics'],
  ['updates', 'Updates'],
  ['knowledgeBaseEntries', 'FAQ entries'],
  ['permissionProfiles', 'Permission profiles'],
  ['ndaVersions', 'NDA versions'],
  ['tprmPartners', 'TPRM partners'],
];

type Failure = { fileName: string | null; message: string; problems: TrustCenterImportProblem[] };

export function ImportSummary({ summary }: { summary: TrustCenterImportSummary }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
      data-testid="trust-center-import-summary"
    >
      <p className="flex items-center gap-2 font-medium">
        <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
        {trustCenterMessages.imported(summary.organisation.name)}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3 lg:grid-cols-5">
        {countLabels.map(([key, label]) => (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-emerald-800">{label}</dt>
            <dd className="font-semibold tabular-nums">{summary.counts[key]}</dd>
          </div>
        ))}
      </dl>
      {summary.unmatchedEditors.length > 0 ? (
        <p className="mt-3 text-emerald-900">
          Items last changed by {summary.unmatchedEditors.join(', ')} show no editor: they have no staff
          account here.
        </p>
      ) : null}
    </div>
  );
}

function MissingDocumentRow({ document }: { document: MissingDocumentList['documents'][number] }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadDocumentFile(document.fileId, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: missingDocumentsQueryKey }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{document.title}</p>
        <p className="truncate text-xs text-slate-500">
          {document.originalName} · {Math.max(1, Math.round(document.sizeBytes / 1024))} KB
        </p>
        {upload.error ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {upload.error.message}
          </p>
        ) : null}
      </div>
      <input
        id={inputId}
        type="file"
        className="sr-only"
        aria-label={`File for ${document.title}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <label htmlFor={inputId} className={`${buttonClassName('secondary', 'sm')} cursor-pointer`}>
        <Upload className="size-4" aria-hidden />
        {upload.isPending ? 'Uploading…' : 'Upload file'}
      </label>
    </li>
  );
}

/**
 * Settings › Trust center as code: download the whole trust center as JSON or YAML, import such a
 * file into this organisation while it is still empty, see every problem of a refused file by line,
 * and upload the files of documents that arrived as metadata.
 */
export function TrustCenterAsCode({ permissions }: { permissions: readonly StaffPermission[] }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const canExport = permissions.includes('statuspage:edit');
  const canImport = canExport && permissions.includes('assets:edit');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [summary, setSummary] = useState<TrustCenterImportSummary | null>(null);
  const missing = useMissingDocuments(canExport);

  const upload = useMutation({
    mutationFn: (file: File) => importTrustCenterFile(file),
    onMutate: () => {
      setFailure(null);
      setSummary(null);
    },
    onSuccess: (outcome, file) => {
      if (outcome.kind === 'invalid') {
        setFailure({ fileName: file.name, message: outcome.message, problems: outcome.problems });
        return;
      }
      setSummary(outcome.summary);
      // Everything in the console changed: products, cards, settings, documents.
      void queryClient.invalidateQueries();
    },
    onError: (error, file) =>
      setFailure({
        fileName: file.name,
        message: isApiError(error) ? error.message : 'The import failed. Please try again.',
        problems: [],
      }),
  });

  const missingDocuments = missing.data?.documents ?? [];
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="space-y-5 rounded-2xl bg-white p-6 shadow-xs ring-1 ring-slate-200"
      data-testid="trust-center-as-code"
    >
      <div>
        <h2 id={`${inputId}-title`} className="text-base font-semibold text-slate-950">
          Trust center as code
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Export this trust center as one JSON or YAML file: settings, products, cards and items, documents'
          details, updates, FAQ and access rules. Import such a file into a new organisation, here or on
          another Attest, while it has no content yet. Secrets, people and document files are never in the
          file; an import applies everything or nothing.
        </p>
      </div>
      {canExport ? (
        <div className="flex flex-wrap items-center gap-3">
          <a href={exportAddress('yaml')} download className={buttonClassName('secondary')}>
            <Download className="size-4" aria-hidden />
            Export YAML
          </a>
          <a href={exportAddress('json')} download className={buttonClassName('secondary')}>
            <Download className="size-4" aria-hidden />
            Export JSON
          </a>
          {canImport ? (
            <>
              <input
                id={inputId}
                type="file"
                accept=".json,.yaml,.yml,application/json,application/yaml"
                className="sr-only"
                data-testid="trust-center-import-input"
                disabled={upload.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) upload.mutate(file);
                }}
              />
              <label
                htmlFor={inputId}
                className={`${buttonClassName('primary')} cursor-pointer`}
                aria-disabled={upload.isPending}
              >
                <FileUp className="size-4" aria-hidden />
                {upload.isPending ? 'Importing…' : 'Import file'}
              </label>
            </>
          ) : (
            <p className="text-sm text-slate-500">Importing is for {rolesThatMay('assets:edit')}.</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-500">
          Exporting and importing are for {rolesThatMay('statuspage:edit')}.
        </p>
      )}
      {failure ? (
        <ImportProblems fileName={failure.fileName} message={failure.message} problems={failure.problems} />
      ) : null}
      {summary ? <ImportSummary summary={summary} /> : null}
      {missingDocuments.length > 0 ? (
        <div
          className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
          data-testid="missing-documents"
        >
          <p className="font-medium text-amber-950">
            {missingDocuments.length} document
            {missingDocuments.length === 1 ? ' needs its file' : 's need their files'}
          </p>
          <p className="mt-1 text-amber-900">
            They were imported with their details only. Upload each one's file; it must be the very same file
            (checked by its size and sha256).
          </p>
          <ul className="mt-2 divide-y divide-amber-200">
            {missingDocuments.map((document) => (
              <MissingDocumentRow key={document.fileId} document={document} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
