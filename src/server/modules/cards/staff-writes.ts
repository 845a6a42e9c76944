import type { CardKind } from '../../../shared/card-kinds';
import { type CardView, cardMessages, type PlanFeatures } from '../../../shared/cards';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { StaffPermission } from '../../../shared/permissions';
import type { Context } from '../../context';
import { insertAuditEntry, publishOrganisationChanged } from '../../core';
import type { Database } from '../../db/client';
import { canEditPortal, hasStaffPermission } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { listCardViews } from './list-card-views';
import { findProductOfOrganisation } from './queries';

export type WriteContext = Pick<Context, 'db' | 'viewer' | 'providers'>;

/** Every card write: Main-mode staff with statuspage:edit (and any further permission named). */
export function assertCanEdit(viewer: Viewer, ...also: StaffPermission[]): void {
  if (!canEditPortal(viewer) || also.some((permission) => !hasStaffPermission(viewer, permission))) {
    throw new AppError('forbidden', messages.forbidden);
  }
}

export function assertPlanFeature(viewer: Viewer, feature: keyof PlanFeatures): void {
  if (!viewer.organisation.planFeatures[feature]) throw new AppError('forbidden', cardMessages.upgradePlan);
}

/** A 400 naming the field, with the spec's message as the error message too. */
export function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { [field]: message });
}

/** The product, locked for the transaction; a product of another organisation is simply not found. */
export async function lockProduct(db: Database, viewer: Viewer, productId: string) {
  const product = await findProductOfOrganisation(db, viewer.organisation.id, productId, { forUpdate: true });
  if (!product) throw new AppError('product_not_found', messages.productNotFound);
  return product;
}

/** Audit row and cache invalidation on commit, in the caller's transaction. */
export async function recordChange(
  db: Database,
  viewer: Viewer,
  entry: { action: string; target: string; data: Record<string, unknown> },
): Promise<void> {
  await insertAuditEntry(db, {
    organisationId: viewer.organisation.id,
    actorStaffUserId: viewer.staff?.id ?? null,
    ...entry,
  });
  await publishOrganisationChanged(db, viewer.organisation.id);
}

/** One transaction for the write; this node's cache is dropped at once, other nodes on the NOTIFY. */
export async function inWriteTransaction<T>(
  ctx: WriteContext,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction((tx) => work(tx));
  ctx.providers.cache.invalidate(ctx.viewer.organisation.id);
  return result;
}

/** The card as the editor (Main mode) sees it after the write. */
export async function mainCardView(
  db: Database,
  viewer: Viewer,
  productId: string,
  kind: CardKind,
): Promise<CardView> {
  const [card] = await listCardViews({ ctx: { db, viewer }, input: { productId, kinds: [kind] } });
  return card!;
}
