import type { Subprocessor } from '../../../shared/specialised-cards';
import type { SubprocessorRow } from './queries';

export function toSubprocessor(row: SubprocessorRow): Subprocessor {
  return {
    id: row.id,
    company: row.company,
    purpose: row.purpose,
    location: row.location,
    additionalDetails: row.additionalDetails,
    createdAt: row.createdAt.toISOString(),
  };
}
