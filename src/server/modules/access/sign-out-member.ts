import { eq } from 'drizzle-orm';
import type { LogoutResult } from '../../../shared/access';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import type { MemberViewer } from './member-viewer';

/** Deletes the member's session row (the cookie stops working on every node) and names the page to return to. */
export async function signOutMember({
  ctx,
}: {
  ctx: { db: Database; viewer: MemberViewer };
}): Promise<LogoutResult> {
  await ctx.db.delete(sessions).where(eq(sessions.id, ctx.viewer.session.id));
  return { redirectTo: `/${ctx.viewer.organisation.slug}` };
}
