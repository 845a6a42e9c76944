import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type IssuedScimToken, type ScimSettingsView, scimTokenPrefix } from '../../../shared/scim';
import type { Context } from '../../context';
import { insertAuditEntry, requireRecentSecondFactor } from '../../core';
import type { Database } from '../../db/client';
import { organisationScim } from '../../db/schema';
import { assertMayChangeStaffUser } from './staff-admin';

type ScimRow = typeof organisationScim.$inferSelect;

export function scimBaseUrl(publicUrl: string): string {
  return `${publicUrl}/scim/v2`;
}

export function hashScimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function viewOf(row: ScimRow | null, publicUrl: string): ScimSettingsView {
  return {
    isEnabled: Boolean(row),
    baseUrl: scimBaseUrl(publicUrl),
    tokenHint: row?.tokenHint ?? null,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}

async function findScimRow(db: Database, organisationId: string): Promise<ScimRow | null> {
  const [row] = await db
    .select()
    .from(organisationScim)
    .where(eq(organisationScim.organisationId, organisationId))
    .limit(1);
  return row ?? null;
}

type ScimTokenContext = Pick<Context, 'db' | 'viewer' | 'config'>;

/** GET /api/staff/scim: whether provisioning is on, and where the identity provider sends it. */
export async function getScimSettings({ ctx }: { ctx: ScimTokenContext }): Promise<ScimSettingsView> {
  assertOwner(ctx);
  return viewOf(await findScimRow(ctx.db, ctx.viewer.organisation.id), ctx.config.publicUrl);
}

/** Provisioning creates and removes staff, owners included: an owner's business (security:manage). */
function assertOwner(ctx: ScimTokenContext) {
  assertMayChangeStaffUser(ctx.viewer, { role: 'owner' });
}

/**
 * POST /api/staff/scim/token: a new token, shown once; it replaces the one before, which stops working
 * at once (rotation is one step, so a leaked token is never left valid beside its successor).
 */
export async function issueScimToken({ ctx }: { ctx: ScimTokenContext }): Promise<IssuedScimToken> {
  assertOwner(ctx);
  await requireRecentSecondFactor(ctx);
  const organisationId = ctx.viewer.organisation.id;
  const token = `${scimTokenPrefix}${randomBytes(32).toString('base64url')}`;
  return ctx.db.transaction(async (tx) => {
    const before = await findScimRow(tx, organisationId);
    const values = {
      tokenHash: hashScimToken(token),
      tokenHint: token.slice(-4),
      createdByStaffUserId: ctx.viewer.staff?.id ?? null,
      createdAt: new Date(),
      lastUsedAt: null,
    };
    const [row] = await tx
      .insert(organisationScim)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: organisationScim.organisationId, set: values })
      .returning();
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: ctx.viewer.staff?.id ?? null,
      action: before ? 'scim.token_replaced' : 'scim.token_created',
      target: `organisation:${organisationId}`,
      data: { tokenHint: values.tokenHint, replacedTokenHint: before?.tokenHint ?? null },
    });
    return { ...viewOf(row!, ctx.config.publicUrl), token };
  });
}

/** DELETE /api/staff/scim/token: provisioning off; the identity provider's calls are refused from now. */
export async function revokeScimToken({ ctx }: { ctx: ScimTokenContext }): Promise<ScimSettingsView> {
  assertOwner(ctx);
  await requireRecentSecondFactor(ctx);
  const organisationId = ctx.viewer.organisation.id;
  return ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(organisationScim)
      .where(eq(organisationScim.organisationId, organisationId))
      .returning();
    if (removed) {
      await insertAuditEntry(tx, {
        organisationId,
        actorStaffUserId: ctx.viewer.staff?.id ?? null,
        action: 'scim.token_revoked',
        target: `organisation:${organisationId}`,
        data: { tokenHint: removed.tokenHint },
      });
    }
    return viewOf(null, ctx.config.publicUrl);
  });
}

const lastUsedResolutionMs = 60_000;

/** The organisation a SCIM bearer token provisions, or null when no organisation holds it. */
export async function organisationOfScimToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<string | null> {
  if (!token.startsWith(scimTokenPrefix) || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(organisationScim)
    .where(eq(organisationScim.tokenHash, hashScimToken(token)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - (row.lastUsedAt?.getTime() ?? 0) > lastUsedResolutionMs) {
    await db
      .update(organisationScim)
      .set({ lastUsedAt: now })
      .where(eq(organisationScim.organisationId, row.organisationId));
  }
  return row.organisationId;
}
