import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';

/**
 * A custom domain staff asked for, and the DNS TXT token that proves they control it. Only once the
 * record is found (verifiedAt) does organisations.custom_domain take the domain and route to it.
 */
export const customDomainClaims = pgTable(
  'custom_domain_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('custom_domain_claims_organisation_unique').on(table.organisationId),
    index('custom_domain_claims_domain_idx').on(sql`lower(${table.domain})`),
  ],
);
