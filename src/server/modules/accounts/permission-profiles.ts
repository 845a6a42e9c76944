import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type PermissionProfile, PermissionProfileInput } from '../../../shared/access';
import { AppError } from '../../../shared/errors';
import { notFound, requireAccessEditor, type StaffContext, writeAudit } from '../../core';
import type { Database } from '../../db/client';
import { permissionProfileItems, permissionProfiles } from '../../db/schema';
import { findForeignItemIds, listPermissionProfiles } from './queries';

type ProfileInput = z.input<typeof PermissionProfileInput>;

async function parseProfile(ctx: StaffContext, input: ProfileInput) {
  const parsed = PermissionProfileInput.parse(input);
  const itemIds = [...new Set(parsed.itemIds)];
  if ((await findForeignItemIds(ctx.db, ctx.viewer.organisation.id, itemIds)).length > 0) {
    throw new AppError('validation_failed', 'Choose items of this organisation only.', {
      itemIds: 'Choose items of this organisation only.',
    });
  }
  return { name: parsed.name, itemIds };
}

async function replaceItems(db: Database, profileId: string, itemIds: string[]) {
  await db.delete(permissionProfileItems).where(eq(permissionProfileItems.permissionProfileId, profileId));
  if (itemIds.length > 0) {
    await db
      .insert(permissionProfileItems)
      .values(itemIds.map((itemId) => ({ permissionProfileId: profileId, itemId })));
  }
}

async function profileById(ctx: StaffContext, id: string): Promise<PermissionProfile> {
  const profile = (await listPermissionProfiles(ctx.db, ctx.viewer.organisation.id)).find(
    (row) => row.id === id,
  );
  if (!profile) throw notFound('Permission profile');
  return profile;
}

export async function createPermissionProfile({ ctx, input }: { ctx: StaffContext; input: ProfileInput }) {
  requireAccessEditor(ctx.viewer);
  const { name, itemIds } = await parseProfile(ctx, input);
  const id = await ctx.db.transaction(async (tx) => {
    const [profile] = await tx
      .insert(permissionProfiles)
      .values({ organisationId: ctx.viewer.organisation.id, name })
      .returning();
    await replaceItems(tx, profile!.id, itemIds);
    await writeAudit(tx, ctx.viewer, {
      action: 'permission_profile.create',
      target: profile!.id,
      data: { name, itemCount: itemIds.length },
    });
    return profile!.id;
  });
  return profileById(ctx, id);
}

export async function updatePermissionProfile({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { profileId: string; body: ProfileInput };
}) {
  requireAccessEditor(ctx.viewer);
  const { name, itemIds } = await parseProfile(ctx, input.body);
  await ctx.db.transaction(async (tx) => {
    const [profile] = await tx
      .update(permissionProfiles)
      .set({ name })
      .where(
        and(
          eq(permissionProfiles.organisationId, ctx.viewer.organisation.id),
          eq(permissionProfiles.id, input.profileId),
        ),
      )
      .returning();
    if (!profile) throw notFound('Permission profile');
    await replaceItems(tx, profile.id, itemIds);
    await writeAudit(tx, ctx.viewer, {
      action: 'permission_profile.update',
      target: profile.id,
      data: { name, itemCount: itemIds.length },
    });
  });
  return profileById(ctx, input.profileId);
}

/** Accounts using the profile keep their access and lose only its extra items (the reference is set to null). */
export async function deletePermissionProfile({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { profileId: string };
}) {
  requireAccessEditor(ctx.viewer);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(permissionProfiles)
      .where(
        and(
          eq(permissionProfiles.organisationId, ctx.viewer.organisation.id),
          eq(permissionProfiles.id, input.profileId),
        ),
      )
      .returning({ id: permissionProfiles.id, name: permissionProfiles.name });
    if (!removed) throw notFound('Permission profile');
    await writeAudit(tx, ctx.viewer, {
      action: 'permission_profile.delete',
      target: removed.id,
      data: { name: removed.name },
    });
  });
}
