import type { CardKind, SectionKind } from '../../../../shared/card-kinds';
import type { CardPatch, CardView, ItemView } from '../../../../shared/cards';
import type { ErrorBody } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { ApiError, apiRequest, csrfHeaders } from '../../../lib/api-client';

/** The staff calls of in-place editing (spec 3 §7, spec 2 §7); every write carries the CSRF token. */

const productPath = (productId: string) => `/api/trust-center/products/${encodeURIComponent(productId)}`;
const cardPath = (productId: string, kind: CardKind) =>
  `${productPath(productId)}/cards/${encodeURIComponent(kind)}`;
const itemPath = (productId: string, itemUid: string) =>
  `${productPath(productId)}/items/${encodeURIComponent(itemUid)}`;

export type StaffWrite = { productId: string };

export function saveSectionOrder({ productId }: StaffWrite, sections: SectionKind[]) {
  return apiRequest<{ sections: SectionKind[] }>(productPath(productId), {
    method: 'PATCH',
    body: { sections },
  });
}

export function saveCardOrder({ productId }: StaffWrite, cards: CardKind[]) {
  return apiRequest<{ cards: CardKind[] }>(`${productPath(productId)}/cards`, {
    method: 'PATCH',
    body: { cards },
  });
}

export function patchCard({ productId }: StaffWrite, kind: CardKind, patch: CardPatch) {
  return apiRequest<CardView>(cardPath(productId, kind), { method: 'PATCH', body: patch });
}

export function saveItemOrder({ productId }: StaffWrite, kind: CardKind, items: string[]) {
  return apiRequest<CardView>(`${cardPath(productId, kind)}/items`, {
    method: 'PATCH',
    body: { items },
  });
}

/** A new item with its chosen files, linked by the server in the same transaction. */
export function createCustomItem(
  { productId }: StaffWrite,
  kind: CardKind,
  title: string,
  fileIds: string[] = [],
) {
  return apiRequest<ItemView>(`${cardPath(productId, kind)}/items`, {
    method: 'POST',
    body: fileIds.length > 0 ? { title, fileIds } : { title },
  });
}

export function deleteCustomItem({ productId }: StaffWrite, itemUid: string) {
  return apiRequest<void>(itemPath(productId, itemUid), { method: 'DELETE' });
}

export type MovedItem = ItemView & { cardKind: CardKind };

export function moveItem({ productId }: StaffWrite, itemUid: string, destination: CardKind) {
  return apiRequest<MovedItem>(itemPath(productId, itemUid), {
    method: 'PATCH',
    body: { destinationCardId: destination },
  });
}

export function saveCustomUrlSlug({ productId }: StaffWrite, itemUid: string, slug: string) {
  return apiRequest<MovedItem>(itemPath(productId, itemUid), {
    method: 'PATCH',
    body: { customUrlSlug: slug },
  });
}

/** The icon goes up as the raw file with its own Content-Type, not as JSON. */
export async function uploadCardIcon({ productId }: StaffWrite, kind: CardKind, icon: File) {
  const csrf = await csrfHeaders();
  let response: Response;
  try {
    response = await fetch(`${cardPath(productId, kind)}/icon`, {
      method: 'PUT',
      headers: { accept: 'application/json', 'content-type': icon.type, ...csrf },
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

export function resetCardIcon({ productId }: StaffWrite, kind: CardKind) {
  return apiRequest<{ iconUrl: null }>(`${cardPath(productId, kind)}/icon`, { method: 'DELETE' });
}
