import { File, FileArchive, FileImage, FileSpreadsheet, FileText, Presentation } from 'lucide-react';
import { classNames } from '../../lib/class-names';

/** Which icon a document's content type gets; unknown types fall back to a plain file. */
export function fileTypeOf(
  contentType: string,
): 'pdf' | 'image' | 'sheet' | 'slides' | 'archive' | 'text' | 'other' {
  const type = contentType.toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.includes('spreadsheet') || type.includes('excel') || type === 'text/csv') return 'sheet';
  if (type.includes('presentation') || type.includes('powerpoint')) return 'slides';
  if (type.includes('zip')) return 'archive';
  if (type.startsWith('text/') || type.includes('word')) return 'text';
  return 'other';
}

const icons = {
  pdf: FileText,
  image: FileImage,
  sheet: FileSpreadsheet,
  slides: Presentation,
  archive: FileArchive,
  text: FileText,
  other: File,
} as const;

const tones = {
  pdf: 'bg-red-50 text-red-700 ring-red-700/10',
  image: 'bg-violet-50 text-violet-700 ring-violet-700/10',
  sheet: 'bg-emerald-50 text-emerald-700 ring-emerald-700/10',
  slides: 'bg-amber-50 text-amber-800 ring-amber-700/10',
  archive: 'bg-slate-100 text-slate-700 ring-slate-700/10',
  text: 'bg-sky-50 text-sky-700 ring-sky-700/10',
  other: 'bg-slate-100 text-slate-700 ring-slate-700/10',
} as const;

/** A decorative badge for a document's type (the type is also said in text next to it). */
export function FileTypeIcon({ contentType, className }: { contentType: string; className?: string }) {
  const type = fileTypeOf(contentType);
  const Icon = icons[type];
  return (
    <span
      aria-hidden
      className={classNames(
        'grid size-9 shrink-0 place-items-center rounded-lg ring-1',
        tones[type],
        className,
      )}
    >
      <Icon className="size-5" strokeWidth={1.75} />
    </span>
  );
}

/** A short readable name of the type, e.g. 'PDF', 'Image', 'Spreadsheet'. */
export function fileTypeLabel(contentType: string): string {
  const labels = {
    pdf: 'PDF',
    image: 'Image',
    sheet: 'Spreadsheet',
    slides: 'Presentation',
    archive: 'Archive',
    text: 'Document',
    other: 'File',
  } as const;
  return labels[fileTypeOf(contentType)];
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
