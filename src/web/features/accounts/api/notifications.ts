import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccessWebhookCreated,
  AccessWebhookCreateInput,
  AccessWebhookEditInput,
  AccessWebhookList,
  AccessWebhookView,
  NotificationPreferencesInput,
  NotificationPreferencesView,
} from '../../../../shared/notifications';
import { apiRequest } from '../../../lib/api-client';

const preferencesKey = ['notification-preferences'] as const;
const accessWebhooksKey = ['access-webhooks'] as const;

export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: () => apiRequest<NotificationPreferencesView>('/api/notification-preferences'),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) =>
      apiRequest<NotificationPreferencesView>('/api/notification-preferences', {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}

export function useAccessWebhooks() {
  return useQuery({
    queryKey: accessWebhooksKey,
    queryFn: () => apiRequest<AccessWebhookList>('/api/access-webhooks'),
  });
}

function useAccessWebhookMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessWebhooksKey }),
  });
}

export function useCreateAccessWebhook() {
  return useAccessWebhookMutation((input: AccessWebhookCreateInput) =>
    apiRequest<AccessWebhookCreated>('/api/access-webhooks', { method: 'POST', body: input }),
  );
}

export function useEditAccessWebhook() {
  return useAccessWebhookMutation(({ id, ...input }: AccessWebhookEditInput & { id: string }) =>
    apiRequest<AccessWebhookView>(`/api/access-webhooks/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
    }),
  );
}

export function useDeleteAccessWebhook() {
  return useAccessWebhookMutation((id: string) =>
    apiRequest<void>(`/api/access-webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
