import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApproveAccessInput, DeclineAccessInput } from '../../../../shared/access';
import type {
  AccessRequestDetail,
  AccessRequestPage,
  BulkApproveInput,
  BulkDecisionResult,
  BulkDeclineInput,
  MatchingPendingRequests,
} from '../../../../shared/access-queue';
import { queueLimits } from '../../../../shared/access-queue';
import { apiRequest } from '../../../lib/api-client';
import { apiQueryOf, type QueueView } from '../lib/queue-view';
import { accessKeys } from './query-keys';

export type ApproveInput = z.input<typeof ApproveAccessInput>;
export type DeclineInput = z.input<typeof DeclineAccessInput>;
export type BulkApprove = z.input<typeof BulkApproveInput>;
export type BulkDecline = z.input<typeof BulkDeclineInput>;

const fetchPage = (query: string) => apiRequest<AccessRequestPage>(`/api/access-requests?${query}`);

/** One page of the queue; the previous page stays on screen while the next one loads. */
export function useAccessRequestPage(view: QueueView) {
  const query = apiQueryOf(view);
  return useQuery({
    queryKey: accessKeys.requestPage(query),
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
  });
}

/** The nav badge: the pending count alone, refreshed by every decision (same key prefix). */
export function usePendingRequestCount(): number | null {
  const query = apiQueryOf({ status: 'pending', page: 1 }, 1);
  const pending = useQuery({ queryKey: accessKeys.requestPage(query), queryFn: () => fetchPage(query) });
  return pending.data ? pending.data.counts.pending : null;
}

export function useAccessRequestDetail(id: string | null) {
  return useQuery({
    queryKey: accessKeys.request(id ?? ''),
    queryFn: () => apiRequest<AccessRequestDetail>(`/api/access-requests/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });
}

function useInvalidateAfterDecision() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: accessKeys.requests });
    void queryClient.invalidateQueries({ queryKey: accessKeys.accounts });
  };
}

function useRequestDecision<Input>(verb: 'approve' | 'decline') {
  const onSuccess = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) =>
      apiRequest<unknown>(`/api/access-requests/${encodeURIComponent(id)}/${verb}`, {
        method: 'POST',
        body: input,
      }),
    onSuccess,
  });
}

export function useApproveAccessRequest() {
  return useRequestDecision<ApproveInput>('approve');
}

export function useDeclineAccessRequest() {
  return useRequestDecision<DeclineInput>('decline');
}

/** A decision on more than one batch stopped part-way: what was decided stays decided. */
export class PartialBulkDecision extends Error {
  constructor(
    readonly decided: BulkDecisionResult,
    readonly failure: unknown,
  ) {
    super('The decision stopped part-way.');
  }
}

type BulkRun<Input> = { ids: string[]; input: Input; onProgress?(done: number): void };

/**
 * A selection of any size, decided bulkMax requests per call (each call one transaction), one after
 * another; the queue refreshes once at the end. A failed call stops the run and says what was decided.
 */
function useBulkDecision<Input>(verb: 'bulk-approve' | 'bulk-decline') {
  const onSettled = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: async ({ ids, input, onProgress }: BulkRun<Input>) => {
      const total: BulkDecisionResult = { decidedIds: [], alreadyDecidedIds: [] };
      for (let start = 0; start < ids.length; start += queueLimits.bulkMax) {
        const batch = ids.slice(start, start + queueLimits.bulkMax);
        try {
          const result = await apiRequest<BulkDecisionResult>(`/api/access-requests/${verb}`, {
            method: 'POST',
            body: { ...input, ids: batch },
          });
          total.decidedIds.push(...result.decidedIds);
          total.alreadyDecidedIds.push(...result.alreadyDecidedIds);
        } catch (failure) {
          if (start === 0) throw failure;
          throw new PartialBulkDecision(total, failure);
        }
        onProgress?.(start + batch.length);
      }
      return total;
    },
    onSettled,
  });
}

export function useBulkApprove() {
  return useBulkDecision<Omit<BulkApprove, 'ids'>>('bulk-approve');
}

export function useBulkDecline() {
  return useBulkDecision<Omit<BulkDecline, 'ids'>>('bulk-decline');
}

/** The ids of every pending request the view matches, fetched when staff choose "select all". */
export function fetchMatchingPendingRequests(view: QueueView) {
  return apiRequest<MatchingPendingRequests>(`/api/access-requests/pending-ids?${apiQueryOf(view)}`);
}
