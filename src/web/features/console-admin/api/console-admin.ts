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
import { ApiError, apiRequest } from '../../../lib/api-client';

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
  create: (input: CreateStaffUserInput, csrfToken: string) =>
    apiRequest<CreatedStaffUser>('/api/staff-users', { method: 'POST', body: input, csrfToken }),
  update: (id: string, change: UpdateStaffUserInput, csrfToken: string) =>
    apiRequest(`/api/staff-users/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, csrfToken }),
  resetPassword: (id: string, csrfToken: string) =>
    apiRequest<ResetPasswordResult>(`/api/staff-users/${encodeURIComponent(id)}/reset-password`, {
      method: 'POST',
      csrfToken,
    }),
};

export function useProducts() {
  return useQuery({ queryKey: productsKey, queryFn: () => apiRequest<ProductCatalogue>('/api/products') });
}

/** Raw image body: the server reads the type from the bytes (like card icons). */
async function uploadBanner(productId: string, file: File, csrfToken: string): Promise<unknown> {
  const response = await fetch(`/api/products/${encodeURIComponent(productId)}/banner`, {
    method: 'PUT',
    headers: { 'content-type': file.type || 'application/octet-stream', 'x-csrf-token': csrfToken },
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
  create: (input: CreateProductInput, csrfToken: string) =>
    apiRequest('/api/products', { method: 'POST', body: input, csrfToken }),
  update: (id: string, change: UpdateProductInput, csrfToken: string) =>
    apiRequest(`/api/products/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, csrfToken }),
  setDefault: (id: string, csrfToken: string) =>
    apiRequest(`/api/products/${encodeURIComponent(id)}/default`, { method: 'POST', csrfToken }),
  order: (ids: string[], csrfToken: string) =>
    apiRequest('/api/products/order', { method: 'PUT', body: { ids }, csrfToken }),
  uploadBanner,
  removeBanner: (id: string, csrfToken: string) =>
    apiRequest(`/api/products/${encodeURIComponent(id)}/banner`, { method: 'DELETE', csrfToken }),
  createLink: (input: CreateProductLinkInput, csrfToken: string) =>
    apiRequest('/api/product-links', { method: 'POST', body: input, csrfToken }),
  updateLink: (id: string, change: UpdateProductLinkInput, csrfToken: string) =>
    apiRequest(`/api/product-links/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, csrfToken }),
  deleteLink: (id: string, csrfToken: string) =>
    apiRequest(`/api/product-links/${encodeURIComponent(id)}`, { method: 'DELETE', csrfToken }),
  orderLinks: (ids: string[], csrfToken: string) =>
    apiRequest('/api/product-links/order', { method: 'PUT', body: { ids }, csrfToken }),
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
