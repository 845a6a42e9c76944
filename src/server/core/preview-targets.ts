import { and, eq } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { PreviewTargetIds } from '../../shared/portal';
import type { Database } from '../db/client';
import { accounts, permissionProfiles } from '../db/schema';

export type PreviewNames = { accountName: string | null; permissionProfileName: string | null };

/** The names of the previewed account and profile, looked up within the organisation only. */
export async function findPreviewNames(
  db: Database,
  organisationId: string,
  preview: PreviewTargetIds,
): Promise<PreviewNames> {
  const [[account], [profile]] = await Promise.all([
    preview.accountId
      ? db
          .select({ name: accounts.name })
          .from(accounts)
          .where(and(eq(accounts.id, preview.accountId), eq(accounts.organisationId, organisationId)))
          .limit(1)
      : [],
    preview.permissionProfileId
      ? db
          .select({ name: permissionProfiles.name })
          .from(permissionProfiles)
          .where(
            and(
              eq(permissionProfiles.id, preview.permissionProfileId),
              eq(permissionProfiles.organisationId, organisationId),
            ),
          )
          .limit(1)
      : [],
  ]);
  return { accountName: account?.name ?? null, permissionProfileName: profile?.name ?? null };
}

/**
 * A preview as an account or profile that is not the organisation's (unknown, malformed, or another
 * organisation's) is refused with a 400 naming the parameter: an empty preview would look like one
 * of an account that may see nothing.
 */
export async function assertPreviewTargets(
  db: Database,
  organisationId: string,
  preview: { accountId: string | null; permissionProfileId: string | null },
): Promise<void> {
  const parsed = PreviewTargetIds.safeParse(preview);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    throw new AppError('bad_request', Object.values(fields)[0]!, fields);
  }
  const names = await findPreviewNames(db, organisationId, parsed.data);
  const fields: Record<string, string> = {};
  if (parsed.data.accountId && names.accountName === null) fields.accountId = messages.previewAccountNotFound;
  if (parsed.data.permissionProfileId && names.permissionProfileName === null) {
    fields.permissionProfileId = messages.previewProfileNotFound;
  }
  const [first] = Object.values(fields);
  if (first) throw new AppError('bad_request', first, fields);
}
