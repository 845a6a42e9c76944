import { useQuery } from '@tanstack/react-query';
import type { LibraryFile } from '../../../../shared/documents';
import { apiRequest } from '../../../lib/api-client';
import type { StaffWrite } from './card-editing-api';

/** The documents card's staff calls: the library to pick from, item file links, the featured order. */

const productPath = (productId: string) => `/api/trust-center/products/${encodeURIComponent(productId)}`;

export const libraryFilesQueryKey = ['card-editing', 'library-files'] as const;

/** Refetched when the tab regains focus: the usual way to add a file is uploading it in another tab. */
export function useLibraryFiles(isEnabled: boolean) {
  return useQuery({
    queryKey: libraryFilesQueryKey,
    queryFn: async () => (await apiRequest<{ files: LibraryFile[] }>('/api/documents')).files,
    enabled: isEnabled,
    refetchOnWindowFocus: true,
  });
}

export function saveItemFiles({ productId }: StaffWrite, itemUid: string, fileIds: string[]) {
  return apiRequest<{ itemUid: string; fileIds: string[] }>(
    `${productPath(productId)}/items/${encodeURIComponent(itemUid)}/files`,
    { method: 'PUT', body: { fileIds } },
  );
}

export function saveFeaturedDocuments({ productId }: StaffWrite, featuredItemUids: string[]) {
  return apiRequest<{ featuredItemUids: string[] }>(`${productPath(productId)}/documents/featured`, {
    method: 'PUT',
    body: { featuredItemUids },
  });
}
