import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookCreated,
  WebhookCreateInput,
  WebhookEditInput,
  WebhookList,
  WebhookView,
} from '../../../../shared/webhooks';
import { apiRequest } from '../../../lib/api-client';

const webhooksQueryKey = ['staff-webhooks'] as const;

export function useWebhooks() {
  return useQuery({ queryKey: webhooksQueryKey, queryFn: () => apiRequest<WebhookList>('/api/webhooks') });
}

export function createWebhook(input: WebhookCreateInput): Promise<WebhookCreated> {
  return apiRequest<WebhookCreated>('/api/webhooks', { method: 'POST', body: input });
}

export function editWebhook({ id, ...input }: WebhookEditInput & { id: string }): Promise<WebhookView> {
  return apiRequest<WebhookView>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function deleteWebhook(webhookId: string): Promise<void> {
  return apiRequest<void>(`/api/webhooks/${encodeURIComponent(webhookId)}`, { method: 'DELETE' });
}

/** A write whose success refreshes the list. */
export function useWebhookMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => write(input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
