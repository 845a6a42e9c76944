import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organisationChangedChannel } from '../providers/cache/portal-cache';
import { bumpOrganisationRevision } from './organisations';

/**
 * Call inside the transaction of any write that changes what a portal shows: bumps the revision
 * (asset URLs carry it) and notifies every node on commit, so caches drop the organisation at once.
 */
export async function publishOrganisationChanged(db: Database, organisationId: string): Promise<void> {
  await bumpOrganisationRevision(db, organisationId);
  await db.execute(sql`select pg_notify(${organisationChangedChannel}, ${organisationId})`);
}
