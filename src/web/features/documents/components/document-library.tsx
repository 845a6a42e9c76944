import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileUp, Pencil, SearchX, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import { type DocumentAccessType, documentLimits, type LibraryFile } from '../../../../shared/documents';
import { FileTypeIcon, fileTypeLabel, formatFileSize } from '../../../components/domain/file-type-icon';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ErrorBox } from '../../../components/ui/error-box';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { deleteLibraryFile, libraryQueryKey, updateLibraryFile, useLibraryFiles } from '../api/library-api';
import { textRefusalConsequence, textRefusalLabels } from '../lib/text-refusal';
import { UploadDialog } from './upload-dialog';

type DocumentLibraryProps = {
  isUploadOpen: boolean;
  onUploadOpenChange(open: boolean): void;
  /** statuspage:edit: without it the library is a list to open, with nothing to change. */
  canEdit: boolean;
};

const accessOptions: Array<{ value: '' | DocumentAccessType; label: string }> = [
  { value: '', label: 'Organisation default' },
  { value: 'view_only', label: 'View only' },
  { value: 'view_and_download', label: 'View and download' },
];

/** The console's documents library: upload, rename, set access type, delete (spec 2 §2, §3). */
export function DocumentLibrary({ isUploadOpen, onUploadOpenChange, canEdit }: DocumentLibraryProps) {
  const library = useLibraryFiles();
  const [renaming, setRenaming] = useState<LibraryFile | null>(null);
  const [deleting, setDeleting] = useState<LibraryFile | null>(null);
  // The server's refusal (409): documents items would be left without a file; the dialog says which.
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    setDeleteRefusal(null);
  };
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: libraryQueryKey });

  const access = useMutation({
    mutationFn: ({ file, accessType }: { file: LibraryFile; accessType: DocumentAccessType | null }) =>
      updateLibraryFile(file.id, { accessType }),
    onSuccess: async (file) => {
      toast.success(`Access updated for ${file.title}`);
      await refresh();
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : 'Failed to update the access type'),
  });

  const removal = useMutation({
    mutationFn: (file: LibraryFile) => deleteLibraryFile(file.id),
    onSuccess: async (_result, file) => {
      toast.success(`Deleted ${file.title}`);
      closeDelete();
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'conflict') setDeleteRefusal(error.message);
      else toast.error(isApiError(error) ? error.message : 'Failed to delete the document');
    },
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Documents</h1>
          <p className="mt-1 text-sm text-slate-600">
            Files you link to items; the documents card lists them. Visitors reach a file only through its
            item's access.
          </p>
        </div>
        {canEdit ? (
          <Button onClick={() => onUploadOpenChange(true)}>
            <FileUp className="size-4" aria-hidden />
            Upload document
          </Button>
        ) : null}
      </div>

      {library.isError ? <ErrorBox detail={library.error.message} /> : null}
      {library.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : null}
      {library.data && library.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-sm text-slate-600">
            No documents yet. Upload your first one to link it to an item.
          </p>
        </div>
      ) : null}
      {library.data && library.data.length > 0 ? (
        <ul
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
          data-testid="library-list"
        >
          {library.data.map((file) => (
            <li
              key={file.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
              data-testid="library-file"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <FileTypeIcon contentType={file.contentType} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-slate-900">{file.title}</p>
                  <p className="truncate text-xs text-slate-600">
                    {file.originalName} · {fileTypeLabel(file.contentType)} · {formatFileSize(file.sizeBytes)}{' '}
                    · {formatDate(file.createdAt)}
                  </p>
                  <p className="mt-1 text-xs text-slate-600">
                    {file.linkedItems.length === 0
                      ? 'Not linked to any item'
                      : `Linked to ${file.linkedItems.map((item) => item.title).join(', ')}`}
                  </p>
                  {file.textRefusal ? <TextRefusalNote reason={file.textRefusal} /> : null}
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <label className="sr-only" htmlFor={`access-${file.id}`}>
                  {`Access type of ${file.title}`}
                </label>
                <Select
                  id={`access-${file.id}`}
                  className="w-48"
                  value={file.accessType ?? ''}
                  disabled={access.isPending || !canEdit}
                  onChange={(event) =>
                    access.mutate({
                      file,
                      accessType: (event.target.value || null) as DocumentAccessType | null,
                    })
                  }
                >
                  {accessOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
                <a
                  href={file.viewUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open ${file.title}`}
                  className="rounded-md p-2 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900"
                >
                  <ExternalLink className="size-4" aria-hidden />
                </a>
                {canEdit ? (
                  <>
                    <button
                      type="button"
                      aria-label={`Rename ${file.title}`}
                      onClick={() => setRenaming(file)}
                      className="rounded-md p-2 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900"
                    >
                      <Pencil className="size-4" aria-hidden />
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${file.title}`}
                      onClick={() => setDeleting(file)}
                      className="rounded-md p-2 text-slate-500 transition hover:bg-red-50 hover:text-red-700"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      <UploadDialog open={isUploadOpen && canEdit} onOpenChange={onUploadOpenChange} />
      <RenameDialog file={renaming} onClose={() => setRenaming(null)} />
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : closeDelete())}
        title={
          deleteRefusal
            ? `${deleting?.title ?? 'The document'} cannot be deleted`
            : `Delete ${deleting?.title ?? 'document'}?`
        }
        description={
          deleteRefusal ??
          (deleting && deleting.linkedItems.length > 0
            ? `It is linked to ${deleting.linkedItems.map((item) => item.title).join(', ')}. Deleting it removes it from ${deleting.linkedItems.length === 1 ? 'that item' : 'those items'} and from the trust center.`
            : 'The file is removed from the library for good.')
        }
        confirmLabel={deleteRefusal ? undefined : 'Delete'}
        cancelLabel={deleteRefusal ? 'OK' : 'Cancel'}
        isDestructive
        isBusy={removal.isPending}
        onConfirm={() => deleting && removal.mutate(deleting)}
      />
    </div>
  );
}

/** A refused text extraction is not an error of the upload, but staff should know search misses it. */
function TextRefusalNote({ reason }: { reason: NonNullable<LibraryFile['textRefusal']> }) {
  const { title, explanation } = textRefusalLabels[reason];
  return (
    <div
      className="mt-2 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950 ring-1 ring-amber-200"
      data-testid="text-refusal"
    >
      <SearchX className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">{title}.</strong> {explanation} {textRefusalConsequence}
      </p>
    </div>
  );
}

function RenameDialog({ file, onClose }: { file: LibraryFile | null; onClose(): void }) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {file ? <RenameForm file={file} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RenameForm({ file, onClose }: { file: LibraryFile; onClose(): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(file.title);
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: (next: string) => updateLibraryFile(file.id, { title: next }),
    onSuccess: async () => {
      toast.success('Document renamed');
      onClose();
      await queryClient.invalidateQueries({ queryKey: libraryQueryKey });
    },
    onError: (failure) => setError(isApiError(failure) ? failure.message : 'Failed to rename the document'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = title.trim();
    if (next.length === 0 || next.length > documentLimits.titleMaxLength) {
      setError(`Use 1 to ${documentLimits.titleMaxLength} characters.`);
      return;
    }
    rename.mutate(next);
  }

  return (
    <DialogContent
      title="Rename document"
      description={`The file stays ${file.originalName}; visitors see the title.`}
    >
      <form onSubmit={submit} noValidate className="mt-5 space-y-6">
        <Field id={id} label="Title" error={error}>
          <Input
            id={id}
            value={title}
            maxLength={documentLimits.titleMaxLength + 20}
            onChange={(event) => setTitle(event.target.value)}
            isInvalid={Boolean(error)}
            aria-describedby={describedBy(id, error)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={rename.isPending || title.trim() === file.title}>
            Save
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
