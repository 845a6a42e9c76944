import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SectionKind } from '../../../shared/card-kinds';
import type { PlanFeatures } from '../../../shared/cards';
import type { PortalCustomisation } from '../../../shared/portal';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    websiteUrl: text('website_url'),
    customDomain: text('custom_domain'),
    customisation: jsonb('customisation').$type<Partial<PortalCustomisation>>().notNull().default({}),
    planFeatures: jsonb('plan_features').$type<Partial<PlanFeatures>>().notNull().default({}),
    /** Staff must sign in with a second factor; those without one enrol at their next sign-in. */
    requireStaffMfa: boolean('require_staff_mfa').notNull().default(false),
    /** Days between publishing a subprocessor change notice and the change taking effect (issue 34 §3). */
    subprocessorNoticeDays: integer('subprocessor_notice_days').notNull().default(30),
    logoAssetId: uuid('logo_asset_id'),
    faviconAssetId: uuid('favicon_asset_id'),
    bannerAssetId: uuid('banner_asset_id'),
    revision: integer('revision').notNull().default(1),
    /** Bumped by triggers (migration 0012) on every write that changes a member session's rights. */
    accessRevision: integer('access_revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('organisations_slug_unique').on(table.slug),
    uniqueIndex('organisations_custom_domain_unique').on(sql`lower(${table.customDomain})`),
  ],
);

/** Small images (logos, icons, banners, favicons) live in the database so app nodes stay stateless. */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    sha256: text('sha256').notNull(),
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assets_organisation_idx').on(table.organisationId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    isShown: boolean('is_shown').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    bannerAssetId: uuid('banner_asset_id'),
    /** Custom section order; null keeps the default (spec 3 §2 "Re-order sections"). */
    sectionOrder: jsonb('section_order').$type<SectionKind[]>(),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [uniqueIndex('products_organisation_slug_unique').on(table.organisationId, table.slug)],
);

export const productLinks = pgTable(
  'product_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    link: text('link').notNull(),
    isShown: boolean('is_shown').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('product_links_organisation_idx').on(table.organisationId)],
);
