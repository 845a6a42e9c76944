import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskAiSetup } from '../../../../shared/search';
import type { OrganisationSettings, OrganisationSettingsPatch } from '../../../../shared/staff';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { sessionQueryKey, setSessionData } from './session';

export const organisationSettingsQueryKey = ['organisation-settings'] as const;

export function useOrganisationSettings() {
  return useQuery({
    queryKey: organisationSettingsQueryKey,
    queryFn: () => apiRequest<OrganisationSettings>('/api/staff/organisation'),
  });
}

/** Who writes Ask AI answers on this server and whether the plan includes them (beside the switch). */
export function useAskAiSetup() {
  return useQuery({
    queryKey: ['ask-ai-setup'],
    queryFn: () => apiRequest<AskAiSetup>('/api/staff/ask-ai'),
  });
}

export function useUpdateOrganisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: OrganisationSettingsPatch) =>
      apiRequest<OrganisationSettings>('/api/staff/organisation', {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: (settings) => {
      queryClient.setQueryData(organisationSettingsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error) => {
      // An expired session shows the sign-in page again instead of a dead form.
      if (error instanceof ApiError && error.status === 401) setSessionData(queryClient, null);
    },
  });
}
