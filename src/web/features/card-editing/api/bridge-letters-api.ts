import { useQueries } from '@tanstack/react-query';
import {
  type BridgeLetterInput,
  type BridgeLetterType,
  type BridgeLetterView,
  BridgeLetterType as LetterTypes,
} from '../../../../shared/documents';
import { apiRequest } from '../../../lib/api-client';
import type { StaffWrite } from './card-editing-api';

const letterPath = (productId: string, letterType: BridgeLetterType) =>
  `/api/trust-center/products/${encodeURIComponent(productId)}/bridge-letters/${letterType}`;

export const bridgeLetterQueryKey = (productId: string, letterType: BridgeLetterType) =>
  ['card-editing', 'bridge-letter', productId, letterType] as const;

/** Both letters of the product; each names the report item it belongs under (spec 2 §3). */
export function useBridgeLetters(productId: string, isEnabled: boolean): BridgeLetterView[] {
  return useQueries({
    queries: LetterTypes.options.map((letterType) => ({
      queryKey: bridgeLetterQueryKey(productId, letterType),
      queryFn: () => apiRequest<BridgeLetterView>(letterPath(productId, letterType)),
      enabled: isEnabled,
      refetchOnWindowFocus: false,
    })),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
}

export function saveBridgeLetter(
  { productId }: StaffWrite,
  letterType: BridgeLetterType,
  letter: BridgeLetterInput,
) {
  return apiRequest<BridgeLetterView>(letterPath(productId, letterType), {
    method: 'PUT',
    body: letter,
  });
}
