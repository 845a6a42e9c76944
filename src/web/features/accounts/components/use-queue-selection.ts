import { useState } from 'react';
import type { AccessRequestRow } from '../../../../shared/access';
import { fetchMatchingPendingRequests } from '../api/access-requests';
import { type QueueView, searchParamsFromView } from '../lib/queue-view';
import type { BulkSelection } from './bulk-decision-dialogs';

type Selection = {
  viewKey: string;
  ids: ReadonlySet<string>;
  seen: ReadonlyMap<string, AccessRequestRow>;
};
const emptySelection = (viewKey: string): Selection => ({ viewKey, ids: new Set(), seen: new Map() });

/** The view without its page: moving between pages keeps what is selected. */
function selectionKeyOf(view: QueueView): string {
  const params = searchParamsFromView(view);
  params.delete('page');
  return params.toString();
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

export type MatchingState = { isLoading: boolean; error: string | null; total: number | null };
const notMatching: MatchingState = { isLoading: false, error: null, total: null };
type BulkDecision = { verb: 'approve' | 'decline'; selection: BulkSelection };

/**
 * What staff selected in the queue: kept across the view's pages (and the rows seen, for names),
 * dropped when the view changes; "select all that match" asks the server for the ids.
 */
export function useQueueSelection(view: QueueView, rows: AccessRequestRow[]) {
  const selectionKey = selectionKeyOf(view);
  const [selection, setSelection] = useState<Selection>(() => emptySelection(selectionKey));
  const [matching, setMatching] = useState<MatchingState>(notMatching);
  const [bulk, setBulk] = useState<BulkDecision | null>(null);
  const pendingRows = rows.filter((row) => row.status === 'pending');
  const current = selection.viewKey === selectionKey ? selection : emptySelection(selectionKey);
  const selectedIds = current.ids;

  const changeSelection = (rowsChanged: AccessRequestRow[], on: boolean) => {
    const ids = new Set(selectedIds);
    const seen = new Map(current.seen);
    for (const row of rowsChanged) {
      if (on) ids.add(row.id);
      else ids.delete(row.id);
      seen.set(row.id, row);
    }
    setSelection({ viewKey: selectionKey, ids, seen });
  };
  const selectAllMatching = async () => {
    setMatching({ isLoading: true, error: null, total: null });
    try {
      const found = await fetchMatchingPendingRequests(view);
      const seen = new Map(current.seen);
      for (const row of pendingRows) seen.set(row.id, row);
      setSelection({ viewKey: selectionKey, ids: new Set(found.ids), seen });
      setMatching({ isLoading: false, error: null, total: found.total });
    } catch (error) {
      setMatching({ isLoading: false, error: messageOf(error), total: null });
    }
  };
  return {
    selectedIds,
    pendingRows,
    selectedOnPage: pendingRows.filter((row) => selectedIds.has(row.id)),
    matching,
    bulk,
    changeSelection,
    toggle: (row: AccessRequestRow, on: boolean) => changeSelection([row], on),
    selectAllMatching,
    clear: () => {
      setSelection(emptySelection(selectionKey));
      setMatching(notMatching);
    },
    openBulk: (verb: BulkDecision['verb']) => {
      const known = new Map(current.seen);
      for (const row of rows) known.set(row.id, row);
      const seen = [...known.values()].filter((row) => selectedIds.has(row.id));
      setBulk({ verb, selection: { ids: [...selectedIds], seen } });
    },
    closeBulk: () => setBulk(null),
  };
}
