import { and, eq } from 'drizzle-orm';
import type { IntegrationKind } from '../../../shared/specialised-cards';
import type { Database } from '../../db/client';
import { integrationConnections } from '../../db/schema';

export type ConnectionRow = typeof integrationConnections.$inferSelect;

export async function findConnection(
  db: Database,
  productId: string,
  kind: IntegrationKind,
): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.productId, productId), eq(integrationConnections.kind, kind)));
  return row ?? null;
}
