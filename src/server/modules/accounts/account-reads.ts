import type { AccountDetail, AccountRow, PermissionProfile } from '../../../shared/access';
import { notFound, requireConsole, type StaffContext } from '../../core';
import { findAccountDetail, listAccountRows, listPermissionProfiles } from './queries';

type ReadContext = Pick<StaffContext, 'db' | 'viewer'>;

/** Accounts with their review status and member count: any staff member of the organisation. */
export async function listAccounts({ ctx }: { ctx: ReadContext }): Promise<{ accounts: AccountRow[] }> {
  requireConsole(ctx.viewer);
  return { accounts: await listAccountRows(ctx.db, ctx.viewer.organisation.id) };
}

/** An account and its members. */
export async function getAccount({
  ctx,
  input,
}: {
  ctx: ReadContext;
  input: { accountId: string };
}): Promise<AccountDetail> {
  requireConsole(ctx.viewer);
  const detail = await findAccountDetail(ctx.db, ctx.viewer.organisation.id, input.accountId);
  if (!detail) throw notFound('Account');
  return detail;
}

/** Permission profiles with their items. */
export async function listProfiles({
  ctx,
}: {
  ctx: ReadContext;
}): Promise<{ profiles: PermissionProfile[] }> {
  requireConsole(ctx.viewer);
  return { profiles: await listPermissionProfiles(ctx.db, ctx.viewer.organisation.id) };
}
