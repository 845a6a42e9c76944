import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { PortalCustomisation } from '../../../shared/portal';
import { OrganisationSettings, OrganisationSettingsPatch } from '../../../shared/staff';
import type { Context } from '../../context';
import {
  findOrganisationRowById,
  insertAuditEntry,
  publishOrganisationChanged,
  updateOrganisationRow,
} from '../../core';
import type { organisations } from '../../db/schema';
import { hasStaffPermission } from '../../policy';

type Change = { from: unknown; to: unknown };

function settingsOf(row: typeof organisations.$inferSelect): OrganisationSettings {
  return OrganisationSettings.parse({
    name: row.name,
    slug: row.slug,
    websiteUrl: row.websiteUrl,
    customisation: PortalCustomisation.parse(row.customisation),
  });
}

function changesBetween(before: OrganisationSettings, after: OrganisationSettings): Record<string, Change> {
  const changes: Record<string, Change> = {};
  if (before.name !== after.name) changes.name = { from: before.name, to: after.name };
  if (before.websiteUrl !== after.websiteUrl) {
    changes.websiteUrl = { from: before.websiteUrl, to: after.websiteUrl };
  }
  for (const key of Object.keys(after.customisation) as (keyof PortalCustomisation)[]) {
    // Help rows are objects: compared by value, so an unchanged row is not a change.
    if (JSON.stringify(before.customisation[key]) !== JSON.stringify(after.customisation[key])) {
      changes[`customisation.${key}`] = { from: before.customisation[key], to: after.customisation[key] };
    }
  }
  return changes;
}

/**
 * Name, website and portal customisation in one transaction with its audit row; the row is locked
 * so two editors saving at once both keep their fields. Portals on every node see it on commit.
 */
export async function updateOrganisationSettings({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: OrganisationSettingsPatch;
}): Promise<OrganisationSettings> {
  const { viewer } = ctx;
  if (!hasStaffPermission(viewer, 'statuspage:edit')) throw new AppError('forbidden', messages.forbidden);
  const patch = OrganisationSettingsPatch.parse(input);
  const organisationId = viewer.organisation.id;

  const updated = await ctx.db.transaction(async (tx) => {
    const row = await findOrganisationRowById(tx, organisationId, { forUpdate: true });
    if (!row) throw new AppError('organisation_not_found', messages.organisationNotFound);
    const before = settingsOf(row);
    const customisation = { ...row.customisation, ...patch.customisation };
    const after = OrganisationSettings.parse({
      name: patch.name ?? row.name,
      slug: row.slug,
      websiteUrl: patch.websiteUrl === undefined ? row.websiteUrl : patch.websiteUrl,
      customisation: PortalCustomisation.parse(customisation),
    });
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length === 0) return before;

    await updateOrganisationRow(tx, organisationId, {
      name: after.name,
      websiteUrl: after.websiteUrl,
      customisation,
      updatedAt: new Date(),
    });
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: viewer.staff?.id ?? null,
      action: 'organisation.settings_updated',
      target: `organisation:${organisationId}`,
      data: { changes },
    });
    await publishOrganisationChanged(tx, organisationId);
    return after;
  });
  // Other nodes drop their copy on the NOTIFY; this node at once, so the editor reads what was saved.
  ctx.providers.cache.invalidate(organisationId);
  return updated;
}
