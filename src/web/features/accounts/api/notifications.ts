import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferencesInput,
  NotificationPreferencesView,
} from '../../../../shared/notifications';
import { apiRequest } from '../../../lib/api-client';

const preferencesKey = ['notification-preferences'] as const;

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
