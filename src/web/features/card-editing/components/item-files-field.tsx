import { CircleAlert, ExternalLink, Undo2, Unlink } from 'lucide-react';
import { useId } from 'react';
import type { LibraryFile } from '../../../../shared/documents';
import { FileTypeIcon } from '../../../components/domain/file-type-icon';
import { Select } from '../../../components/ui/select';
import { classNames } from '../../../lib/class-names';
import {
  fileLinkMessages,
  fileRows,
  type ItemFileLinks,
  type LinkableFile,
  pickableFiles,
} from '../lib/item-file-links';

type ItemFilesFieldProps = {
  itemKey: string;
  itemName: string;
  links: ItemFileLinks;
  library: LibraryFile[] | undefined;
  isLibraryLoading: boolean;
  error?: string;
  onLink(file: LinkableFile): void;
  onUnlink(fileId: string): void;
  onUndo(fileId: string): void;
  /** The library is fetched on first need: focusing or pressing the picker asks for it. */
  onNeedLibrary(): void;
};

export const uploadDocumentHref = '/console/documents?uploadModal=true';

/** The documents item's files: linked ones with Unlink, pending changes with Undo, and a library picker. */
export function ItemFilesField({
  itemKey,
  itemName,
  links,
  library,
  isLibraryLoading,
  error,
  onLink,
  onUnlink,
  onUndo,
  onNeedLibrary,
}: ItemFilesFieldProps) {
  const pickerId = `item-${itemKey}-file-picker`;
  const errorId = useId();
  const rows = fileRows(links);
  const choices = pickableFiles(library ?? [], links);
  return (
    <div className="space-y-2" data-testid="item-files">
      <span className="block text-sm font-medium text-slate-800">Files</span>
      {rows.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {rows.map(({ file, status }) => (
            <li key={file.fileId} className="flex items-center gap-3 px-3 py-2" data-file-status={status}>
              <FileTypeIcon contentType={file.contentType} className="size-7 [&_svg]:size-4" />
              <div className="min-w-0 flex-1">
                <p
                  className={classNames(
                    'truncate text-sm text-slate-900',
                    status === 'unlinked' && 'text-slate-500 line-through',
                  )}
                >
                  {file.title || file.originalName}
                </p>
                {status !== 'saved' ? (
                  <p
                    className={classNames(
                      'text-xs font-medium',
                      status === 'linked' ? 'text-emerald-700' : 'text-amber-800',
                    )}
                  >
                    {status === 'linked' ? fileLinkMessages.linkedPending : fileLinkMessages.unlinkedPending}
                  </p>
                ) : null}
              </div>
              {status === 'saved' ? (
                <button
                  type="button"
                  onClick={() => onUnlink(file.fileId)}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  aria-label={`Unlink ${file.title || file.originalName} from ${itemName}`}
                >
                  <Unlink className="size-3.5" aria-hidden />
                  Unlink
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => onUndo(file.fileId)}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-ink hover:bg-brand-soft"
                  aria-label={`${fileLinkMessages.undo}: ${file.title || file.originalName}`}
                >
                  <Undo2 className="size-3.5" aria-hidden />
                  {fileLinkMessages.undo}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={pickerId} className="sr-only">
          {`Link a file to ${itemName}`}
        </label>
        <Select
          id={pickerId}
          className="min-w-48 flex-1 sm:max-w-sm"
          value=""
          onFocus={onNeedLibrary}
          onPointerDown={onNeedLibrary}
          disabled={library !== undefined && choices.length === 0}
          isInvalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const chosen = choices.find((file) => file.id === event.target.value);
            if (chosen) {
              onLink({
                fileId: chosen.id,
                title: chosen.title,
                originalName: chosen.originalName,
                contentType: chosen.contentType,
              });
            }
          }}
        >
          <option value="">
            {isLibraryLoading
              ? 'Loading documents…'
              : library && choices.length === 0
                ? 'No other documents in the library'
                : 'Link a document from the library…'}
          </option>
          {choices.map((file) => (
            <option key={file.id} value={file.id}>
              {file.title === file.originalName ? file.title : `${file.title} (${file.originalName})`}
            </option>
          ))}
        </Select>
        <a
          href={uploadDocumentHref}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-ink hover:underline hover:underline-offset-4"
        >
          Upload a new document
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="flex items-center gap-1.5 text-xs font-medium text-red-700">
          <CircleAlert className="size-3.5" aria-hidden />
          {error}
        </p>
      ) : null}
    </div>
  );
}
