import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderItems } from '../../../shared/ordering';
import type { Database } from '../../db/client';
import {
  integrationConnections,
  items,
  productOverviews,
  riskProfileAnswers,
  securityGrades,
  subprocessors,
  trustedByCompanies,
} from '../../db/schema';

export type SubprocessorRow = typeof subprocessors.$inferSelect;

export async function listItemKeys(db: Database, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({ id: items.id, catalogueKey: items.catalogueKey })
    .from(items)
    .where(inArray(items.id, itemIds));
}

export async function listRiskAnswers(db: Database, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db.select().from(riskProfileAnswers).where(inArray(riskProfileAnswers.itemId, itemIds));
}

/** In the order the card lists its items (`orderItems`), so the page model is the same on every load. */
export async function listSecurityGrades(db: Database, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  const rows = await db
    .select({
      grade: securityGrades,
      itemUid: items.id,
      title: items.title,
      enabledState: items.enabledState,
      position: items.position,
      catalogueKey: items.catalogueKey,
    })
    .from(securityGrades)
    .innerJoin(items, eq(items.id, securityGrades.itemId))
    .where(inArray(securityGrades.itemId, itemIds));
  return orderItems('SecurityGrades', rows).map((row) => row.grade);
}

export function listTrustedBy(db: Database, productId: string) {
  return db
    .select()
    .from(trustedByCompanies)
    .where(eq(trustedByCompanies.productId, productId))
    .orderBy(asc(trustedByCompanies.position));
}

export function listSubprocessors(db: Database, productId: string): Promise<SubprocessorRow[]> {
  return db
    .select()
    .from(subprocessors)
    .where(eq(subprocessors.productId, productId))
    .orderBy(asc(subprocessors.createdAt), asc(subprocessors.id));
}

export async function findSubprocessor(db: Database, productId: string, id: string) {
  const [row] = await db
    .select()
    .from(subprocessors)
    .where(and(eq(subprocessors.productId, productId), eq(subprocessors.id, id)));
  return row ?? null;
}

export async function findOverview(db: Database, productId: string): Promise<string> {
  const [row] = await db
    .select({ body: productOverviews.body })
    .from(productOverviews)
    .where(eq(productOverviews.productId, productId));
  return row?.body ?? '';
}

export function listIntegrations(db: Database, productId: string) {
  return db.select().from(integrationConnections).where(eq(integrationConnections.productId, productId));
}
