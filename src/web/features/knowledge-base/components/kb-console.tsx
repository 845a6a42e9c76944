import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageCircleQuestion, Pencil, Plus, Search, Star, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import type { KbHit } from '../../../../shared/knowledge-base';
import { kbLimits, kbMessages } from '../../../../shared/knowledge-base-texts';
import type { PortalView } from '../../../../shared/portal';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Pagination } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { deleteEntry, dismissGap, fetchGaps } from '../api/kb-api';
import { accessLabel, formatKbDate, productNames } from '../lib/kb-format';
import { reachablePages } from '../lib/kb-paging';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useKbQuery } from '../lib/use-kb-query';
import { keyErrorMessage, useSearchKey } from '../lib/use-search-key';
import { KbEntryFormDialog } from './kb-entry-form-dialog';
import { KbImportExport } from './kb-import-export';

type Editing = { entry: KbHit | null; question: string; instance: number };

/** The organisation's products, from the same page model the portal uses (staff see them all). */
function useProducts(organisationSlug: string) {
  return useQuery({
    queryKey: ['kb-products', organisationSlug],
    queryFn: () =>
      apiRequest<PortalView>(`/api/statuspage/share/${encodeURIComponent(organisationSlug)}/view`),
    select: (view) => view.products,
    staleTime: 5 * 60_000,
  });
}

/** /console/knowledge-base: entries (add, edit, delete), CSV import and export, unanswered questions. */
export function KbConsole({ organisationSlug, canEdit }: { organisationSlug: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const key = useSearchKey({ kind: 'staff' });
  const products = useProducts(organisationSlug).data ?? [];
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), kbLimits.searchDebounceMs);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(kbLimits.defaultPageSize);
  const entries = useKbQuery(
    key.data
      ? {
          key: key.data.key,
          query,
          page,
          hitsPerPage: pageSize,
          sort: query ? 'relevance' : 'last_modified_desc',
        }
      : null,
  );
  const gaps = useQuery({ queryKey: ['kb-gaps'], queryFn: fetchGaps });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [isEditorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<KbHit | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['kb-query'] });
    await queryClient.invalidateQueries({ queryKey: ['kb-gaps'] });
  };

  const removal = useMutation({
    mutationFn: (entry: KbHit) => deleteEntry(entry.objectID),
    onSuccess: async () => {
      toast.success(kbMessages.entryDeleted);
      setDeleting(null);
      await refresh();
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : 'Failed to delete the entry'),
  });
  const dismissal = useMutation({
    mutationFn: (gapId: string) => dismissGap(gapId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kb-gaps'] }),
    onError: (error) => toast.error(isApiError(error) ? error.message : 'Failed to dismiss the question'),
  });

  function edit(entry: KbHit | null, question = '') {
    setEditing((current) => ({ entry, question, instance: (current?.instance ?? 0) + 1 }));
    setEditorOpen(true);
  }

  const keyError = key.isError ? (keyErrorMessage(key.error) ?? key.error.message) : null;
  const hits = entries.data?.hits ?? [];
  const totalPages = entries.data ? reachablePages(entries.data.nbPages, entries.data.hitsPerPage) : 0;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Knowledge base</h1>
          <p className="mt-1 text-sm text-slate-600">
            Questions and answers visitors search and Ask AI answers from. Access decides who sees each one.
          </p>
        </div>
        {canEdit ? (
          <Button onClick={() => edit(null)}>
            <Plus className="size-4" aria-hidden />
            Add entry
          </Button>
        ) : null}
      </div>

      <section aria-labelledby="kb-entries-title" className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="kb-entries-title" className="text-base font-semibold text-slate-950">
            Entries
            {entries.data ? (
              <span className="ms-2 text-sm font-normal text-slate-600">{entries.data.nbHits}</span>
            ) : null}
          </h2>
          <div className="relative ms-auto w-full sm:w-80">
            <Search
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden
            />
            <input
              type="search"
              aria-label={kbMessages.searchPlaceholder}
              placeholder={kbMessages.searchPlaceholder}
              value={text}
              maxLength={kbLimits.queryMaxLength}
              onChange={(event) => {
                setText(event.target.value);
                setPage(0);
              }}
              className="block h-10 w-full rounded-lg border border-slate-300 bg-white pe-3 ps-9 text-sm placeholder:text-slate-500 focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0"
            />
          </div>
        </div>
        {keyError ? <ErrorBox detail={keyError} /> : null}
        {entries.isError ? <ErrorBox detail={entries.error.message} /> : null}
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          {entries.isPending && !keyError ? (
            <div className="space-y-3 p-4" aria-busy="true">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-12 w-full" />
              ))}
            </div>
          ) : hits.length === 0 ? (
            <p className="p-8 text-center text-sm text-slate-600">
              {query ? kbMessages.noMatches : kbMessages.noEntries}
            </p>
          ) : (
            <Table className="min-w-[720px]" data-testid="kb-console-table">
              <TableHead className="bg-slate-50 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <TableRow>
                  <TableHeaderCell className="px-4 py-2.5">{kbMessages.question}</TableHeaderCell>
                  <TableHeaderCell className="px-4 py-2.5">{kbMessages.columnAccess}</TableHeaderCell>
                  <TableHeaderCell className="px-4 py-2.5">{kbMessages.metadataProducts}</TableHeaderCell>
                  <TableHeaderCell className="px-4 py-2.5">{kbMessages.columnLastModified}</TableHeaderCell>
                  <TableHeaderCell className="px-4 py-2.5">
                    <span className="sr-only">Actions</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {hits.map((hit) => (
                  <TableRow key={hit.objectID} className="align-top" data-testid="kb-console-row">
                    <TableCell className="max-w-md px-4 py-3">
                      <p className="flex items-start gap-1.5 font-medium text-slate-900">
                        {hit.favorite_public ? (
                          <Star
                            className="mt-0.5 size-3.5 shrink-0 fill-amber-400 text-amber-500"
                            aria-label="Favorite"
                            role="img"
                          />
                        ) : null}
                        <span className="break-words">{hit.content}</span>
                      </p>
                      <p className="mt-1 line-clamp-2 text-slate-600">{hit.answer}</p>
                    </TableCell>
                    <TableCell className="px-4 py-3 text-slate-700">
                      {accessLabel(hit.access_level)}
                    </TableCell>
                    <TableCell className="px-4 py-3 text-slate-700">{productNames(hit, products)}</TableCell>
                    <TableCell className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {formatKbDate(hit.customer_modified_timestamp)}
                    </TableCell>
                    <TableCell className="px-4 py-3">
                      {canEdit ? (
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Edit "${hit.content}"`}
                            onClick={() => edit(hit)}
                          >
                            <Pencil className="size-4" aria-hidden />
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Delete "${hit.content}"`}
                            onClick={() => setDeleting(hit)}
                          >
                            <Trash2 className="size-4 text-red-700" aria-hidden />
                          </Button>
                        </div>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="kb-console-page-size" className="text-sm text-slate-700">
            Rows per page
          </label>
          <Select
            id="kb-console-page-size"
            className="w-24"
            value={String(pageSize)}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          >
            {kbLimits.pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
          <div className="ms-auto min-w-[16rem]">
            <Pagination
              label="Entry pages"
              page={page + 1}
              totalPages={totalPages}
              onPageChange={(next) => setPage(next - 1)}
            />
          </div>
        </div>
      </section>

      {canEdit ? <KbImportExport onImported={() => void refresh()} /> : null}

      <section aria-labelledby="kb-gaps-title" className="space-y-3">
        <div>
          <h2 id="kb-gaps-title" className="text-base font-semibold text-slate-950">
            Unanswered questions
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Questions Ask AI could not answer from what the asker may see. Answer them to fill the gap.
          </p>
        </div>
        {gaps.isError ? <ErrorBox detail={gaps.error.message} /> : null}
        {gaps.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : (gaps.data?.gaps.length ?? 0) === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            No unanswered questions.
          </p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="kb-gaps"
          >
            {gaps.data?.gaps.map((gap) => (
              <li key={gap.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <MessageCircleQuestion className="size-4 shrink-0 text-slate-500" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900">{gap.question}</p>
                  <p className="text-xs text-slate-600">
                    Asked {gap.askCount} {gap.askCount === 1 ? 'time' : 'times'} · last on{' '}
                    {formatDate(gap.lastAskedAt)}
                    {gap.productId ? ` · ${productNames({ product_ids: [gap.productId] }, products)}` : ''}
                  </p>
                </div>
                {canEdit ? (
                  <div className="flex gap-2">
                    <Button variant="secondary" size="sm" onClick={() => edit(null, gap.question)}>
                      Answer
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Dismiss "${gap.question}"`}
                      disabled={dismissal.isPending}
                      onClick={() => dismissal.mutate(gap.id)}
                    >
                      <X className="size-4" aria-hidden />
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {editing ? (
        <KbEntryFormDialog
          key={editing.instance}
          entry={editing.entry}
          initialQuestion={editing.question}
          products={products}
          open={isEditorOpen}
          onOpenChange={setEditorOpen}
          onSaved={() => {
            setEditorOpen(false);
            void refresh();
          }}
        />
      ) : null}
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this entry?"
        description={
          deleting ? `"${deleting.content}" will no longer be searchable or answer questions.` : ''
        }
        confirmLabel="Delete"
        isDestructive
        isBusy={removal.isPending}
        onConfirm={() => deleting && removal.mutate(deleting)}
      />
    </div>
  );
}
