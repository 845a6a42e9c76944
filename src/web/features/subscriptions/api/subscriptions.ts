import type { SubscribeInput, SubscribeResult, UnsubscribeResult } from '../../../../shared/subscriptions';
import { apiRequest } from '../../../lib/api-client';

const base = (organisationSlug: string) => `/api/statuspage/share/${encodeURIComponent(organisationSlug)}`;

export function requestSubscription(
  organisationSlug: string,
  input: SubscribeInput,
): Promise<SubscribeResult> {
  return apiRequest<SubscribeResult>(`${base(organisationSlug)}/subscribe`, { method: 'POST', body: input });
}

export function requestUnsubscribe(organisationSlug: string, token: string): Promise<UnsubscribeResult> {
  return apiRequest<UnsubscribeResult>(`${base(organisationSlug)}/unsubscribe`, {
    method: 'POST',
    body: { token },
  });
}
