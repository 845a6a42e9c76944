import type { CardKind, SectionKind } from '../../../../shared/card-kinds';
import type { CardPatch, CardView, ItemView } from '../../../../shared/cards';
import type { ErrorBody } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The staff calls of in-place editing (spec 3 §7, spec 2 §7); every write carries the CSRF token. */

const productPath = (productId: string) => `/api/trust-center/products/${encodeURIComponent(productId)}`;
const cardPath = (productId: string, kind: CardKind) =>
  `${productPath(productId)}/cards/${encodeURIComponent(kind)}`;
const itemPath = (productId: string, itemUid: string) =>
  `${productPath(productId)}/items/${encodeURIComponent(itemUid)}`;

export type StaffWrite = { productId: string; csrfToken: string };

export function saveSectionOrder({ productId, csrfToken }: StaffWrite, sections: SectionKind[]) {
  return apiRequest<{ sections: SectionKind[] }>(productPath(productId), {
    method: 'PATCH',
    body: { sections },
    csrfToken,
  });
}

export function saveCardOrder({ productId, csrfToken }: StaffWrite, cards: CardKind[]) {
  return apiRequest<{ cards: CardKind[] }>(`${productPath(productId)}/cards`, {
    method: 'PATCH',
    body: { cards },
    csrfToken,
  });
}

export function patchCard({ productId, csrfToken }: StaffWrite, kind: CardKind, patch: CardPatch) {
  return apiRequest<CardView>(cardPath(productId, kind), { method: 'PATCH', body: patch, csrfToken });
}

export function saveItemOrder({ productId, csrfToken }: StaffWrite, kind: CardKind, items: string[]) {
  return apiRequest<CardView>(`${cardPath(productId, kind)}/items`, {
    method: 'PATCH',
    body: { items },
    csrfToken,
  });
}

/** A new item with its chosen files, linked by the server in the same transaction. */
export function createCustomItem(
  { productId, csrfToken }: StaffWrite,
  kind: CardKind,
  title: string,
  fileIds: string[] = [],
) {
  return apiRequest<ItemView>(`${cardPath(productId, kind)}/items`, {
    method: 'POST',
    body: fileIds.length > 0 ? { title, fileIds } : { title },
    csrfToken,
  });
}

export function deleteCustomItem({ productId, csrfToken }: StaffWrite, itemUid: string) {
  return apiRequest<void>(itemPath(productId, itemUid), { method: 'DELETE', csrfToken });
}

export type MovedItem = ItemView & { cardKind: CardKind };

export function moveItem({ productId, csrfToken }: StaffWrite, itemUid: string, destination: CardKind) {
  return apiRequest<MovedItem>(itemPath(productId, itemUid), {
    method: 'PATCH',
    body: { destinationCardId: destination },
    csrfToken,
  });
}

export function saveCustomUrlSlug({ productId, csrfToken }: StaffWrite, itemUid: string, slug: string) {
  return apiRequest<MovedItem>(itemPath(productId, itemUid), {
    method: 'PATCH',
    body: { customUrlSlug: slug },
    csrfToken,
  });
}

/** The icon goes up as the raw file with its own Content-Type, not as JSON. */
export async function uploadCardIcon({ productId, csrfToken }: StaffWrite, kind: CardKind, icon: File) {
  let response: Response;
  try {
    response = await fetch(`${cardPath(productId, kind)}/icon`, {
      method: 'PUT',
      headers: { accept: 'application/json', 'content-type': icon.type, 'x-csrf-token': csrfToken },
      credentials: 'same-origin',
      body: icon,
    });
  } catch {
    throw new ApiError(0, 'unavailable', 'The server could not be reached. Check your connection.');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return payload as { iconUrl: string };
  const error = (payload as Partial<ErrorBody> | null)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? 'internal',
    error?.message ?? messages.genericError,
    error?.fields ?? {},
  );
}

export function resetCardIcon({ productId, csrfToken }: StaffWrite, kind: CardKind) {
  return apiRequest<{ iconUrl: null }>(`${cardPath(productId, kind)}/icon`, { method: 'DELETE', csrfToken });
}
