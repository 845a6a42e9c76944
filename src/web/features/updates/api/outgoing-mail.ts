import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxRetryResult, OutboxState } from '../../../../shared/mail-outbox';
import { apiRequest } from '../../../lib/api-client';

export const outboxQueryKey = ['staff-mail-outbox'] as const;

/** While mail waits for a try, the screen refreshes this often to show it leave. */
const outboxPollMs = 5000;

export function useOutboxState() {
  return useQuery({
    queryKey: outboxQueryKey,
    queryFn: () => apiRequest<OutboxState>('/api/staff/mail/outbox'),
    refetchInterval: (query) => {
      const overall = query.state.data?.overall;
      return overall && overall.waiting + overall.failed > 0 ? outboxPollMs : false;
    },
  });
}

/** Retries one message (its id) or, without one, every unsent message of the organisation. */
export function useOutboxRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string | null) =>
      apiRequest<OutboxRetryResult>(
        messageId
          ? `/api/staff/mail/outbox/${encodeURIComponent(messageId)}/retry`
          : '/api/staff/mail/outbox/retry',
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
