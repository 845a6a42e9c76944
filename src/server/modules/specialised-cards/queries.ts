import { and, asc, eq, inArray } from 'drizzle-orm';
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

export async function listSecurityGrades(db: Database, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db.select().from(securityGrades).where(inArray(securityGrades.itemId, itemIds));
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
