import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccessRequestList, ApproveAccessInput, DeclineAccessInput } from '../../../../shared/access';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './query-keys';

export type RequestTab = 'pending' | 'decided';
export type ApproveInput = z.input<typeof ApproveAccessInput>;
export type DeclineInput = z.input<typeof DeclineAccessInput>;

export function useAccessRequests(status: RequestTab) {
  return useQuery({
    queryKey: accessKeys.requestList(status),
    queryFn: () =>
      apiRequest<z.infer<typeof AccessRequestList>>(`/api/access-requests?status=${status}`).then(
        (list) => list.requests,
      ),
  });
}

/** The nav badge: the same query as the pending queue, so a decision updates both. */
export function usePendingRequestCount(): number | null {
  const pending = useAccessRequests('pending');
  return pending.data ? pending.data.length : null;
}

function useRequestDecision<Input>(csrfToken: string, verb: 'approve' | 'decline') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) =>
      apiRequest<unknown>(`/api/access-requests/${encodeURIComponent(id)}/${verb}`, {
        method: 'POST',
        body: input,
        csrfToken,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accessKeys.requests });
      void queryClient.invalidateQueries({ queryKey: accessKeys.accounts });
    },
  });
}

export function useApproveAccessRequest(csrfToken: string) {
  return useRequestDecision<ApproveInput>(csrfToken, 'approve');
}

export function useDeclineAccessRequest(csrfToken: string) {
  return useRequestDecision<DeclineInput>(csrfToken, 'decline');
}
