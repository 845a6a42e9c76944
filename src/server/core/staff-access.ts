import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { canUseConsole, hasStaffPermission } from '../policy';
import type { Viewer, ViewerStaff } from '../policy/viewer';
import { insertAuditEntry } from './audit-entry';

export type StaffContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/** Reading the review queue, accounts and settings: any staff member of the organisation. */
export function requireConsole(viewer: Viewer): ViewerStaff {
  if (!viewer.staff || !canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
  return viewer.staff;
}

/** Granting, changing or ending access changes who reads restricted content: access:review only. */
export function requireAccessEditor(viewer: Viewer): ViewerStaff {
  const staff = requireConsole(viewer);
  if (!hasStaffPermission(viewer, 'access:review')) throw new AppError('forbidden', messages.forbidden);
  return staff;
}

export async function writeAudit(
  db: Database,
  viewer: Viewer,
  entry: { action: string; target: string | null; data?: Record<string, unknown> },
) {
  await insertAuditEntry(db, {
    organisationId: viewer.organisation.id,
    actorStaffUserId: viewer.staff?.id ?? null,
    action: entry.action,
    target: entry.target,
    data: entry.data ?? {},
  });
}

export const dayMs = 24 * 60 * 60 * 1000;
export const notFound = (what: string) => new AppError('not_found', `${what} not found.`);
