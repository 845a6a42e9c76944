import type { Context } from '../../context';
import { listOrganisationSlugs } from '../../core';

/**
 * Where '/' leads on our own host: the organisation's page when the installation has exactly one,
 * otherwise the staff console (which signs staff in to their own organisation).
 */
export async function findHomeDestination({ ctx }: { ctx: Pick<Context, 'db'> }): Promise<string> {
  const slugs = await listOrganisationSlugs(ctx.db, 2);
  return slugs.length === 1 ? `/${slugs[0]}` : '/console';
}
