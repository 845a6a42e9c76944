import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PermissionProfile,
  PermissionProfileInput,
  PermissionProfileList,
} from '../../../../shared/access';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './query-keys';

export type ProfileValues = z.input<typeof PermissionProfileInput>;

export function usePermissionProfiles() {
  return useQuery({
    queryKey: accessKeys.profiles,
    queryFn: () =>
      apiRequest<z.infer<typeof PermissionProfileList>>('/api/permission-profiles').then(
        (list) => list.profiles,
      ),
  });
}

function useProfileWrite<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accessKeys.profiles });
      void queryClient.invalidateQueries({ queryKey: accessKeys.accounts });
    },
  });
}

/** Creates a profile, or replaces the named one's name and items. */
export function useSaveProfile() {
  return useProfileWrite(({ id, input }: { id: string | null; input: ProfileValues }) =>
    apiRequest<PermissionProfile>(
      id ? `/api/permission-profiles/${encodeURIComponent(id)}` : '/api/permission-profiles',
      { method: id ? 'PATCH' : 'POST', body: input },
    ),
  );
}

export function useDeleteProfile() {
  return useProfileWrite((id: string) =>
    apiRequest<void>(`/api/permission-profiles/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
