import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AccessRequestFields,
  AccessSettings,
  AccessSettingsInput,
  NdaVersion,
  NdaVersionInput,
  NdaVersionList,
} from '../../../../shared/access';
import type { OrganisationSettings } from '../../../../shared/staff';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './query-keys';

export type AccessSettingsValues = z.input<typeof AccessSettingsInput>;
export type NdaVersionValues = z.input<typeof NdaVersionInput>;
export type AccessRequestFormSettings = {
  accessRequestFields: AccessRequestFields;
  showAppLoginInstructions: boolean;
};

export function useAccessSettings() {
  return useQuery({
    queryKey: accessKeys.settings,
    queryFn: () => apiRequest<AccessSettings>('/api/access-settings'),
  });
}

export function useSaveAccessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccessSettingsValues) =>
      apiRequest<AccessSettings>('/api/access-settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(accessKeys.settings, saved),
  });
}

export function useNdaVersions() {
  return useQuery({
    queryKey: accessKeys.ndaVersions,
    queryFn: () =>
      apiRequest<z.infer<typeof NdaVersionList>>('/api/nda-versions').then((list) => list.versions),
  });
}

export function useCreateNdaVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NdaVersionValues) =>
      apiRequest<NdaVersion>('/api/nda-versions', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.ndaVersions }),
  });
}

export function useOrganisationSettings() {
  return useQuery({
    queryKey: accessKeys.organisationSettings,
    queryFn: () => apiRequest<OrganisationSettings>('/api/staff/organisation'),
  });
}

/** The request form's fields live in the portal customisation: one PATCH of the organisation settings. */
export function useSaveAccessRequestFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customisation: AccessRequestFormSettings) =>
      apiRequest<OrganisationSettings>('/api/staff/organisation', {
        method: 'PATCH',
        body: { customisation },
      }),
    onSuccess: (saved) => queryClient.setQueryData(accessKeys.organisationSettings, saved),
  });
}
