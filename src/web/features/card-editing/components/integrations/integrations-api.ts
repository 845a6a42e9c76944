import type { HackerOneState, StatuspageState } from '../../../../../shared/integrations';
import { apiRequest } from '../../../../lib/api-client';

/** The staff calls of the live integrations (spec 2 §7). */

const query = (productId: string) => `productId=${encodeURIComponent(productId)}`;

export const integrationPaths = {
  hackerone: '/api/integrations/hackerone',
  statuspage: '/api/integrations/statuspageio',
} as const;

export type IntegrationKindKey = keyof typeof integrationPaths;
export type AnyIntegrationState = HackerOneState | StatuspageState;

export function fetchIntegrationState(kind: IntegrationKindKey, productId: string) {
  return apiRequest<AnyIntegrationState>(`${integrationPaths[kind]}?${query(productId)}`);
}

export function connectIntegration(kind: IntegrationKindKey, productId: string, link: string) {
  return apiRequest<AnyIntegrationState>(`${integrationPaths[kind]}/connect`, {
    method: 'POST',
    body: kind === 'hackerone' ? { productId, page: link } : { productId, link },
  });
}

export function disconnectIntegration(kind: IntegrationKindKey, productId: string) {
  return apiRequest<{ disconnected: boolean }>(`${integrationPaths[kind]}?${query(productId)}`, {
    method: 'DELETE',
  });
}

export function setShowOnTrustCenter(productId: string, showInCard: boolean) {
  return apiRequest<{ showInCard: boolean }>(integrationPaths.statuspage, {
    method: 'PATCH',
    body: { productId, showInCard },
  });
}

export function fetchScorecardGrade(domain: string) {
  return apiRequest<{ grade: string }>(`/api/integrations/ssc/${encodeURIComponent(domain.trim())}`);
}
