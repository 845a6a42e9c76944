import { useQuery } from '@tanstack/react-query';
import { ChevronRight, MessageCircleQuestion, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { KbHit } from '../../../../shared/knowledge-base';
import { kbLimits } from '../../../../shared/knowledge-base-texts';
import type { PortalView } from '../../../../shared/portal';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { onPortalQueryChange, writePortalQuery } from '../../../lib/portal-query';
import { lookupEntry, queryKnowledgeBase } from '../api/kb-api';
import { useKbTexts } from '../lib/kb-texts';
import { keyErrorMessage, useSearchKey } from '../lib/use-search-key';
import { KnowledgeBaseDialog } from './knowledge-base-dialog';

/** The search dialog names a FAQ result with this parameter; the panel opens its details. */
export const entryParameter = 'kbEntry';

type DialogState = { isOpen: boolean; entry: KbHit | null; instance: number };

/**
 * The knowledge base (FAQ) section (spec 3 §2): the first entries and 'View more', which opens the
 * large dialog. Only with a product id; viewers other than staff in Main mode do not see it empty.
 */
export default function KnowledgeBasePanel({ view }: { view: PortalView }) {
  const kbTexts = useKbTexts();
  const productId = view.product.productId;
  const isMain = view.viewer.mode === 'main';
  const key = useSearchKey({ kind: 'portal', organisationSlug: view.organisation.slug, productId });
  const preview = useQuery({
    queryKey: ['kb-preview', key.data?.key ?? null],
    queryFn: () =>
      queryKnowledgeBase({ key: key.data!.key, hitsPerPage: kbLimits.panelPreviewCount, page: 0 }),
    enabled: Boolean(key.data),
    retry: false,
  });
  const [dialog, setDialog] = useState<DialogState>({ isOpen: false, entry: null, instance: 0 });
  const openDialog = (entry: KbHit | null) =>
    setDialog((current) => ({ isOpen: true, entry, instance: current.instance + 1 }));

  // A FAQ chosen in the search dialog: look it up with the key (so access still applies), then show it.
  const searchKey = key.data?.key;
  useEffect(() => {
    if (!searchKey) return;
    const follow = () => {
      const entryId = new URLSearchParams(window.location.search).get(entryParameter);
      if (!entryId) return;
      writePortalQuery({ [entryParameter]: null });
      lookupEntry(searchKey, entryId).then(
        (entry) => {
          setDialog((current) => ({ isOpen: true, entry, instance: current.instance + 1 }));
          document.getElementById('knowledge-base')?.scrollIntoView?.({ block: 'start' });
        },
        () => undefined,
      );
    };
    follow();
    return onPortalQueryChange(follow);
  }, [searchKey]);

  if (!productId) return null;
  const keyError = key.isError ? keyErrorMessage(key.error) : null;
  if (key.isError && !keyError) return null;
  const hits = preview.data?.hits ?? [];
  const isEmpty = preview.data !== undefined && preview.data.nbHits === 0;
  if ((isEmpty || preview.isError) && !isMain) return null;

  return (
    <section
      id="knowledge-base"
      aria-labelledby="knowledge-base-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
      data-testid="knowledge-base-panel"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-lg bg-brand-soft text-brand-ink">
          <MessageCircleQuestion className="size-5" aria-hidden />
        </span>
        <h2 id="knowledge-base-title" className="text-lg font-semibold tracking-tight text-slate-950">
          {kbTexts.panelTitle}
        </h2>
        {key.data && !isEmpty ? (
          <button
            type="button"
            className={`${buttonClassName('secondary', 'sm')} ms-auto`}
            onClick={() => openDialog(null)}
          >
            {kbTexts.viewMore}
            <ChevronRight className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {keyError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {keyError}
        </p>
      ) : preview.isPending ? (
        <div className="mt-4 space-y-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-14 w-full" />
          ))}
        </div>
      ) : isEmpty || preview.isError ? (
        <p className="mt-4 text-sm text-slate-600">{kbTexts.noEntries}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {hits.map((hit) => (
            <li key={hit.objectID}>
              <button
                type="button"
                onClick={() => openDialog(hit)}
                className="group flex w-full items-start gap-3 rounded-lg px-2 py-3 text-start hover:bg-slate-50"
                data-testid="kb-panel-entry"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5 font-medium text-slate-900">
                    {hit.favorite_public ? (
                      <Star
                        className="size-3.5 shrink-0 fill-amber-400 text-amber-500"
                        aria-label={kbTexts.favorite}
                        role="img"
                      />
                    ) : null}
                    <span className="break-words">{hit.content}</span>
                  </span>
                  <span className="mt-1 line-clamp-2 text-sm text-slate-600">{hit.answer}</span>
                </span>
                <ChevronRight
                  className="mt-1 size-4 shrink-0 text-slate-400 group-hover:text-slate-600"
                  aria-hidden
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {key.data && dialog.instance > 0 ? (
        <KnowledgeBaseDialog
          key={dialog.instance}
          view={view}
          searchKey={key.data}
          open={dialog.isOpen}
          initialEntry={dialog.entry}
          onOpenChange={(isOpen) => setDialog((current) => ({ ...current, isOpen }))}
        />
      ) : null}
    </section>
  );
}
