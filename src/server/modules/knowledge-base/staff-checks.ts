import { AppError } from '../../../shared/errors';
import { kbMessages } from '../../../shared/knowledge-base';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/client';
import { canUseConsole, hasStaffPermission } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { countProductsOfOrganisation } from './queries';

export function requireConsole(viewer: Viewer): void {
  if (!canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
}

/** Knowledge-base changes are page edits: statuspage:edit. */
export function requireEditor(viewer: Viewer): void {
  if (!canUseConsole(viewer) || !hasStaffPermission(viewer, 'statuspage:edit')) {
    throw new AppError('forbidden', messages.forbidden);
  }
}

export async function assertOwnProducts(
  db: Database,
  organisationId: string,
  productIds: string[],
): Promise<void> {
  const unique = [...new Set(productIds)];
  if ((await countProductsOfOrganisation(db, organisationId, unique)) !== unique.length) {
    throw new AppError('validation_failed', kbMessages.productNotFound, {
      productIds: kbMessages.productNotFound,
    });
  }
}
