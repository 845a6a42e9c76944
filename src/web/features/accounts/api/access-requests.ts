import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApproveAccessInput, DeclineAccessInput } from '../../../../shared/access';
import type {
  AccessRequestDetail,
  AccessRequestPage,
  BulkApproveInput,
  BulkDecisionResult,
  BulkDeclineInput,
} from '../../../../shared/access-queue';
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

function useBulkDecision<Input>(verb: 'bulk-approve' | 'bulk-decline') {
  const onSuccess = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest<BulkDecisionResult>(`/api/access-requests/${verb}`, {
        method: 'POST',
        body: input,
      }),
    onSuccess,
  });
}

export function useBulkApprove() {
  return useBulkDecision<BulkApprove>('bulk-approve');
}

export function useBulkDecline() {
  return useBulkDecision<BulkDecline>('bulk-decline');
}
