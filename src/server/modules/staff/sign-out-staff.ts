import type { Context } from '../../context';
import { deleteSession } from './queries';

/** Deletes the session row: the cookie stops working on every node at once. */
export async function signOutStaff({ ctx }: { ctx: Pick<Context, 'db' | 'viewer'> }): Promise<void> {
  if (ctx.viewer.session) await deleteSession(ctx.db, ctx.viewer.session.id);
}
