import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditLogPage,
  CreatedStaffUser,
  CreateProductInput,
  CreateProductLinkInput,
  CreateStaffUserInput,
  ProductCatalogue,
  ResetPasswordResult,
  StaffUserList,
  UpdateProductInput,
  UpdateProductLinkInput,
  UpdateStaffUserInput,
} from '../../../../shared/console-admin';
import type { StaffSessionList } from '../../../../shared/staff-security';
import { ApiError, apiRequest, csrfHeaders } from '../../../lib/api-client';

export const staffUsersKey = ['staff-users'] as const;
export const productsKey = ['staff-products'] as const;

export function useAuditLog(filter: { action?: string; actorId?: string; page: number }) {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.action) params.set('action', filter.action);
  if (filter.actorId) params.set('actorId', filter.actorId);
  return useQuery({
    queryKey: ['audit-log', filter.action ?? '', filter.actorId ?? '', filter.page],
    queryFn: () => apiRequest<AuditLogPage>(`/api/audit-log?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useStaffUsers() {
  return useQuery({ queryKey: staffUsersKey, queryFn: () => apiRequest<StaffUserList>('/api/staff-users') });
}

export const staffUserApi = {
  create: (input: CreateStaffUserInput) =>
    apiRequest<CreatedStaffUser>('/api/staff-users', { method: 'POST', body: input }),
  update: (id: string, change: UpdateStaffUserInput) =>
    apiRequest(`/api/staff-users/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
  resetPassword: (id: string) =>
    apiRequest<ResetPasswordResult>(`/api/staff-users/${encodeURIComponent(id)}/reset-password`, {
      method: 'POST',
    }),
};

/** Where one staff member is signed in; owners only (the server refuses everyone else). */
export function useStaffUserSessions(staffUserId: string) {
  return useQuery({
    queryKey: [...staffUsersKey, staffUserId, 'sessions'],
    queryFn: () =>
      apiRequest<StaffSessionList>(`/api/staff-users/${encodeURIComponent(staffUserId)}/sessions`),
  });
}

export const endStaffUserSession = (staffUserId: string, sessionId: string) =>
  apiRequest<void>(
    `/api/staff-users/${encodeURIComponent(staffUserId)}/sessions/${encodeURIComponent(sessionId)}`,
    { method: 'DELETE' },
  );

export function useProducts() {
  return useQuery({ queryKey: productsKey, queryFn: () => apiRequest<ProductCatalogue>('/api/products') });
}

/** Raw image body: the server reads the type from the bytes (like card icons). */
async function uploadBanner(productId: string, file: File): Promise<unknown> {
  const response = await fetch(`/api/products/${encodeURIComponent(productId)}/banner`, {
    method: 'PUT',
    headers: { 'content-type': file.type || 'application/octet-stream', ...(await csrfHeaders()) },
    credentials: 'same-origin',
    body: file,
  });
  if (response.ok) return response.json();
  const payload = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  throw new ApiError(
    response.status,
    (payload?.error?.code as never) ?? 'internal',
    payload?.error?.message ?? 'Upload failed',
  );
}

export const productApi = {
  create: (input: CreateProductInput) => apiRequest('/api/products', { method: 'POST', body: input }),
  update: (id: string, change: UpdateProductInput) =>
    apiRequest(`/api/products/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
  setDefault: (id: string) =>
    apiRequest(`/api/products/${encodeURIComponent(id)}/default`, { method: 'POST' }),
  order: (ids: string[]) => apiRequest('/api/products/order', { method: 'PUT', body: { ids } }),
  uploadBanner,
  removeBanner: (id: string) =>
    apiRequest(`/api/products/${encodeURIComponent(id)}/banner`, { method: 'DELETE' }),
  createLink: (input: CreateProductLinkInput) =>
    apiRequest('/api/product-links', { method: 'POST', body: input }),
  updateLink: (id: string, change: UpdateProductLinkInput) =>
    apiRequest(`/api/product-links/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
  deleteLink: (id: string) =>
    apiRequest(`/api/product-links/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  orderLinks: (ids: string[]) => apiRequest('/api/product-links/order', { method: 'PUT', body: { ids } }),
};

/** A write followed by a refresh of the given list. */
export function useRefreshingMutation<Input, Result>(
  key: readonly string[],
  write: (input: Input) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
