import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AccountDetail,
  AccountList,
  CreateAccountInput,
  ExtendAccountInput,
  UpdateAccountInput,
} from '../../../../shared/access';
import type { AccountAccessTokenList } from '../../../../shared/access-tokens';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './query-keys';

export type CreateAccountValues = z.input<typeof CreateAccountInput>;
export type UpdateAccountValues = z.input<typeof UpdateAccountInput>;
export type ExtendAccountValues = z.input<typeof ExtendAccountInput>;

const accountPath = (id: string) => `/api/accounts/${encodeURIComponent(id)}`;

export function useAccounts() {
  return useQuery({
    queryKey: accessKeys.accounts,
    queryFn: () => apiRequest<z.infer<typeof AccountList>>('/api/accounts').then((list) => list.accounts),
  });
}

export function useAccount(id: string) {
  return useQuery({
    queryKey: accessKeys.account(id),
    queryFn: () => apiRequest<AccountDetail>(accountPath(id)),
  });
}

/** Every account write refetches the lists it changes; nothing is updated optimistically. */
function useAccountWrite<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accessKeys.accounts });
      void queryClient.invalidateQueries({ queryKey: accessKeys.profiles });
    },
  });
}

export function useCreateAccount() {
  return useAccountWrite((input: CreateAccountValues) =>
    apiRequest<AccountDetail>('/api/accounts', { method: 'POST', body: input }),
  );
}

export function useUpdateAccount(id: string) {
  return useAccountWrite((input: UpdateAccountValues) =>
    apiRequest<AccountDetail>(accountPath(id), { method: 'PATCH', body: input }),
  );
}

export function useExtendAccount(id: string) {
  return useAccountWrite((input: ExtendAccountValues) =>
    apiRequest<AccountDetail>(`${accountPath(id)}/extend`, { method: 'POST', body: input }),
  );
}

export function useRevokeAccount(id: string) {
  return useAccountWrite(() => apiRequest<AccountDetail>(`${accountPath(id)}/revoke`, { method: 'POST' }));
}

export function useDeleteMember(accountId: string) {
  return useAccountWrite((memberId: string) =>
    apiRequest<void>(`${accountPath(accountId)}/members/${encodeURIComponent(memberId)}`, {
      method: 'DELETE',
    }),
  );
}

export function useAccountAccessTokens(accountId: string) {
  return useQuery({
    queryKey: [...accessKeys.account(accountId), 'access-tokens'],
    queryFn: () => apiRequest<AccountAccessTokenList>(`${accountPath(accountId)}/access-tokens`),
  });
}

export function useRevokeAccountAccessToken(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiRequest(`${accountPath(accountId)}/access-tokens/${encodeURIComponent(tokenId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...accessKeys.account(accountId), 'access-tokens'] }),
  });
}
