import type { KnownCompany } from '../../../../shared/company-catalogue';
import type { RiskAnswer } from '../../../../shared/risk-profile-catalogue';
import type {
  Company,
  SecurityGradeEntry,
  Subprocessor,
  SubprocessorInput,
} from '../../../../shared/specialised-cards';
import { apiRequest } from '../../../lib/api-client';
import type { StaffWrite } from './card-editing-api';

/** The staff calls of the specialised cards (risk profile, grades, trusted by, subprocessors, overview). */

const productPath = (productId: string) => `/api/trust-center/products/${encodeURIComponent(productId)}`;

export function saveRiskAnswers(
  { productId }: StaffWrite,
  answers: { itemUid: string; answer: RiskAnswer | null }[],
) {
  return apiRequest<unknown>(`${productPath(productId)}/risk-profile`, {
    method: 'PUT',
    body: { answers },
  });
}

export function saveSecurityGrade(
  { productId }: StaffWrite,
  itemUid: string,
  entry: { label: string; url: string; grade: string },
) {
  return apiRequest<SecurityGradeEntry>(
    `${productPath(productId)}/security-grades/${encodeURIComponent(itemUid)}`,
    {
      method: 'PUT',
      body: entry,
    },
  );
}

export function saveTrustedBy({ productId }: StaffWrite, companies: Company[]) {
  return apiRequest<{ companies: Company[] }>(`${productPath(productId)}/trusted-by`, {
    method: 'PUT',
    body: { companies },
  });
}

export function saveOverview({ productId }: StaffWrite, body: string) {
  return apiRequest<{ body: string }>(`${productPath(productId)}/overview`, {
    method: 'PUT',
    body: { body },
  });
}

export type SubprocessorChange = { subprocessor: Subprocessor | null; added: string[]; removed: string[] };

export function createSubprocessor({ productId }: StaffWrite, body: SubprocessorInput) {
  return apiRequest<SubprocessorChange>(`${productPath(productId)}/subprocessors`, {
    method: 'POST',
    body,
  });
}

export function updateSubprocessor({ productId }: StaffWrite, id: string, body: SubprocessorInput) {
  return apiRequest<SubprocessorChange>(`${productPath(productId)}/subprocessors/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

export function deleteSubprocessor({ productId }: StaffWrite, id: string) {
  return apiRequest<SubprocessorChange>(`${productPath(productId)}/subprocessors/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function searchCompanies(text: string, signal?: AbortSignal) {
  return apiRequest<{ companies: KnownCompany[] }>(`/api/companies?text=${encodeURIComponent(text)}`, {
    signal,
  });
}

/** The one-click trust update after the subprocessor list changed (the updates feature sends it). */
export function postSubprocessorUpdate(change: { added: string[]; removed: string[] }) {
  const lines = [
    ...change.added.map((name) => `- Added: ${name}`),
    ...change.removed.map((name) => `- Removed: ${name}`),
  ];
  return apiRequest<unknown>('/api/updates/topics', {
    method: 'POST',
    body: {
      subject: 'Changes to our subprocessors',
      category: 'subprocessors',
      message: `We updated our list of subprocessors:\n\n${lines.join('\n')}`,
      channels: { statusPage: true },
    },
  });
}
