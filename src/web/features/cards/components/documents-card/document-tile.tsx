import { Download, Lock } from 'lucide-react';
import { FileTypeIcon, fileTypeLabel } from '../../../../components/ui/file-type-icon';
import { classNames } from '../../../../lib/class-names';
import type { DocumentEntry } from './document-entries';
import { documentsTexts } from './documents-texts';

type DocumentTileProps = { entry: DocumentEntry; onRequestLogin(itemUid: string): void };

type FileEventName = 'file_viewed' | 'file_downloaded' | 'file_requested';

/**
 * First-party analytics (spec 2 §7): the tracker module is already loaded by the portal page, so
 * importing it here keeps it out of this component's first-load bundle without delaying the event.
 */
function trackFileEvent(name: FileEventName, entry: DocumentEntry) {
  void import('../../../../lib/analytics').then(({ trackEvent }) =>
    trackEvent({
      name,
      itemId: entry.itemUid,
      subject: entry.title,
      props: { category: entry.category, ...(entry.file ? { fileId: entry.file.fileId } : {}) },
    }),
  );
}

/**
 * One document: its type, title and lock. The title link opens the file in a new tab (the whole tile
 * is its hit area); a download button only when the file may be downloaded (view-only files have none).
 */
export function DocumentTile({ entry, onRequestLogin }: DocumentTileProps) {
  const { file } = entry;
  const detail = file
    ? [fileTypeLabel(file.contentType), file.canDownload ? null : documentsTexts.viewOnly]
        .filter(Boolean)
        .join(' · ')
    : documentsTexts.locked;
  return (
    <div
      className={classNames(
        'group/tile relative flex h-full min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 transition',
        file && 'hover:border-slate-300 hover:bg-slate-50',
        entry.isLocked && 'bg-slate-50',
      )}
      data-testid="document-tile"
      data-document-key={entry.key}
    >
      {file ? (
        <FileTypeIcon contentType={file.contentType} />
      ) : (
        <span
          aria-hidden
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-600 ring-1 ring-slate-700/10"
        >
          <Lock className="size-4.5" strokeWidth={1.75} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        {file ? (
          <a
            href={file.viewUrl}
            onClick={() => trackFileEvent('file_viewed', entry)}
            target="_blank"
            rel="noopener noreferrer"
            title={entry.title}
            className="line-clamp-2 text-sm leading-5 font-medium break-words text-slate-900 outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-brand-ink"
          >
            {entry.title}
          </a>
        ) : (
          <p className="line-clamp-2 text-sm leading-5 font-medium break-words text-slate-900">
            {entry.title}
          </p>
        )}
        <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-slate-600">
          {entry.isLocked ? <Lock className="size-3 shrink-0" aria-hidden /> : null}
          {detail}
        </p>
      </div>
      {file?.canDownload && file.downloadUrl ? (
        <a
          href={file.downloadUrl}
          download={file.originalName || true}
          onClick={() => trackFileEvent('file_downloaded', entry)}
          aria-label={documentsTexts.download(entry.title)}
          title={documentsTexts.download(entry.title)}
          className="relative z-10 grid size-8 shrink-0 place-items-center rounded-md text-slate-500 transition hover:bg-white hover:text-brand-ink hover:shadow-xs"
        >
          <Download className="size-4" aria-hidden />
        </a>
      ) : null}
      {entry.isLocked ? (
        <button
          type="button"
          onClick={() => {
            trackFileEvent('file_requested', entry);
            onRequestLogin(entry.itemUid);
          }}
          aria-label={documentsTexts.getAccessTo(entry.title)}
          className="relative z-10 shrink-0 rounded-md px-2.5 py-1.5 text-xs font-semibold text-brand-ink ring-1 ring-brand-ink/30 transition hover:bg-brand-soft"
        >
          {documentsTexts.getAccess}
        </button>
      ) : null}
    </div>
  );
}
