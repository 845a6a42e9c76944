import type { UpdateCategory } from '../update-texts';
import type { MessageKey } from './translator';

/** Each kind of update's name in the catalogue: the portal's badges and the update mails say it. */
export const updateCategoryKeys: Record<UpdateCategory, MessageKey> = {
  compliance: 'updates.categoryCompliance',
  vulnerabilities: 'updates.categoryVulnerabilities',
  incidents: 'updates.categoryIncidents',
  subprocessors: 'updates.categorySubprocessors',
  general: 'updates.categoryGeneral',
};
