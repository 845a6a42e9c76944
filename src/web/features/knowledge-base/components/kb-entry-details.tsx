import { Copy, X } from 'lucide-react';
import type { KbHit } from '../../../../shared/knowledge-base';
import { kbMessages, kbSourceTypeLabels } from '../../../../shared/knowledge-base-texts';
import type { ProductSummary } from '../../../../shared/portal';
import { accessLabel, formatKbDate, formatKbDateTime, productNames } from '../lib/kb-format';

type KbEntryDetailsProps = {
  hit: KbHit;
  /** Main mode adds the Metadata block (spec 3 §2, §6). */
  showMetadata: boolean;
  products: readonly Pick<ProductSummary, 'productId' | 'productName'>[];
  onCopied(message: string): void;
  onClose(): void;
};

async function copyText(text: string, type: string, onCopied: (message: string) => void) {
  try {
    await navigator.clipboard.writeText(text);
    onCopied(kbMessages.copied(type));
  } catch {
    // Without clipboard access the text stays on screen to copy by hand.
  }
}

function CopyableBlock({
  label,
  text,
  onCopied,
}: {
  label: string;
  text: string;
  onCopied(message: string): void;
}) {
  return (
    <section className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</h4>
        {text ? (
          <button
            type="button"
            onClick={() => void copyText(text, label.toLowerCase(), onCopied)}
            aria-label={`Copy ${label.toLowerCase()}`}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <Copy className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <p className="text-sm leading-6 break-words whitespace-pre-line text-slate-800">{text || '—'}</p>
    </section>
  );
}

/** The details side panel of an entry: Question, Answer, Comment, and Metadata in Main mode. */
export function KbEntryDetails({ hit, showMetadata, products, onCopied, onClose }: KbEntryDetailsProps) {
  const metadata: Array<[string, string]> = [
    [kbMessages.metadataProducts, productNames(hit, products)],
    [kbMessages.metadataSource, hit.source_name ?? kbSourceTypeLabels[hit.source_type]],
    [
      kbMessages.metadataType,
      [kbSourceTypeLabels[hit.source_type], hit.source_subtype].filter(Boolean).join(' · '),
    ],
    [kbMessages.metadataDateUploaded, formatKbDate(hit.date_timestamp)],
    [kbMessages.metadataTimeModified, formatKbDateTime(hit.customer_modified_timestamp)],
    [kbMessages.metadataAccess, accessLabel(hit.access_level)],
  ];
  return (
    <aside
      aria-label="Entry details"
      className="flex h-full min-h-0 flex-col border-l border-slate-200 bg-white"
      data-testid="kb-details"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
        <h3 className="text-sm font-semibold text-slate-900">Details</h3>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close details"
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-4">
        <CopyableBlock label={kbMessages.question} text={hit.content} onCopied={onCopied} />
        <CopyableBlock label={kbMessages.answer} text={hit.answer} onCopied={onCopied} />
        <CopyableBlock label={kbMessages.comment} text={hit.comment} onCopied={onCopied} />
        {showMetadata ? (
          <section className="space-y-2" data-testid="kb-metadata">
            <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {kbMessages.metadata}
            </h4>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {metadata.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-slate-600">{term}</dt>
                  <dd className="text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
      </div>
    </aside>
  );
}
