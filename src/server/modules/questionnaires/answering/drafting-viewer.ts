import type { Database } from '../../../db/client';
import {
  buildViewer,
  type Viewer,
  type ViewerOrganisation,
  viewerMemberOf,
  viewerStaffOf,
} from '../../../policy/viewer';
import { findMemberByEmail } from '../../access';

/** Whose eyes a questionnaire is drafted with: what that viewer may read is all the evidence there is. */
export type DraftingAudience = { kind: 'anonymous' } | { kind: 'staff' } | { kind: 'member'; email: string };

export class DraftingAudienceError extends Error {}

/** `anonymous`, `staff` or `member:<e-mail>` (the command line's --as). */
export function parseDraftingAudience(value: string): DraftingAudience {
  if (value === 'anonymous' || value === 'staff') return { kind: value };
  const match = /^member:(.+@.+)$/.exec(value);
  if (match) return { kind: 'member', email: match[1]!.trim() };
  throw new DraftingAudienceError('--as must be anonymous, staff or member:<e-mail>');
}

const noPreview = { accountId: null, permissionProfileId: null, asPublic: false };

/**
 * The viewer the gate decides with. Staff is the console's Main mode (every item, every level); a
 * member is looked up and gets exactly what their account is granted today (none once it lapsed).
 */
export async function draftingViewer(
  db: Database,
  organisation: ViewerOrganisation,
  audience: DraftingAudience,
): Promise<Viewer> {
  const now = new Date();
  if (audience.kind === 'staff') {
    return buildViewer({
      organisation,
      session: null,
      // Reads as staff in Main mode do (every item, every file); it changes nothing, so a reading role.
      staff: viewerStaffOf({
        id: '00000000-0000-0000-0000-000000000000',
        name: 'Questionnaire drafting',
        email: 'drafting@localhost',
        role: 'viewer',
      }),
      member: null,
      previewRequest: noPreview,
      now,
    });
  }
  if (audience.kind === 'anonymous') {
    return buildViewer({
      organisation,
      session: null,
      staff: null,
      member: null,
      previewRequest: noPreview,
      now,
    });
  }
  const found = await findMemberByEmail(db, organisation.id, audience.email);
  if (!found) throw new DraftingAudienceError(`there is no member ${audience.email} in ${organisation.slug}`);
  const member = viewerMemberOf(found);
  return buildViewer({ organisation, session: null, staff: null, member, previewRequest: noPreview, now });
}
