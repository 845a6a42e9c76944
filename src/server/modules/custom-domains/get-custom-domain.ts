import type { CustomDomainStatus } from '../../../shared/staff';
import type { Context } from '../../context';
import { readCustomDomainStatus } from './queries';

/** The organisation's custom domain, its TXT record and status: any staff member may read it. */
export async function getCustomDomain({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<CustomDomainStatus> {
  return readCustomDomainStatus(ctx.db, ctx.viewer.organisation.id);
}
