import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CardKind } from '../../../shared/card-kinds';
import type { EnabledState } from '../../../shared/cards';
import { permissionProfiles, staffUsers } from './identity';
import { organisations, products } from './organisations';

/** A card of one product: its per-card customisation (spec 2 §3 "Customisation per card"). */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CardKind>().notNull(),
    isHidden: boolean('is_hidden').notNull().default(false),
    title: text('title'),
    displayText: text('display_text'),
    placeholder: text('placeholder'),
    iconAssetId: uuid('icon_asset_id'),
    /** Custom position among the product's cards; null keeps the default order. */
    position: integer('position'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('cards_product_kind_unique').on(table.productId, table.kind)],
);

/**
 * The weighted text server search matches an item by: its whole content when the viewer may read
 * it, its title otherwise. The GIN indexes on items are built on exactly these expressions (the
 * planner only uses an expression index for an identical expression), so search reads them from here.
 */
export function itemSearchVectors(columnPrefix = '') {
  const column = (name: string) => `${columnPrefix}${name}`;
  const title = `setweight(to_tsvector('english'::regconfig, ${column('title')}), 'A')`;
  return {
    content: `(${title} || setweight(to_tsvector('english'::regconfig, ${column('explanation')}), 'B') || setweight(jsonb_to_tsvector('english'::regconfig, ${column('list_entries')}, '["string"]'::jsonb), 'C'))`,
    title: `(${title})`,
  };
}

/** An item on a card: a catalogue item switched on by staff, or a custom item (catalogue_key null). */
export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    cardKind: text('card_kind').$type<CardKind>().notNull(),
    catalogueKey: text('catalogue_key'),
    title: text('title').notNull(),
    enabledState: text('enabled_state').$type<EnabledState>().notNull().default('NotEnabled'),
    explanation: text('explanation').notNull().default(''),
    href: text('href'),
    listEntries: jsonb('list_entries').$type<string[]>().notNull().default([]),
    itemType: text('item_type'),
    maturity: text('maturity'),
    recurrence: text('recurrence'),
    auditor: text('auditor'),
    expiresOn: date('expires_on', { mode: 'string' }),
    isPublic: boolean('is_public').notNull().default(true),
    isHidden: boolean('is_hidden').notNull().default(false),
    customUrlSlug: text('custom_url_slug'),
    position: integer('position'),
    /** Documents card: position among featured documents; null when not featured. */
    featuredPosition: integer('featured_position'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }),
    modifiedByStaffUserId: uuid('modified_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('items_product_card_idx').on(table.productId, table.cardKind),
    index('items_content_search_idx')
      .using('gin', sql.raw(itemSearchVectors().content))
      .with({ fastupdate: false }),
    index('items_title_search_idx')
      .using('gin', sql.raw(itemSearchVectors().title))
      .with({ fastupdate: false }),
    uniqueIndex('items_product_catalogue_key_unique')
      .on(table.productId, table.catalogueKey)
      .where(sql`${table.catalogueKey} is not null`),
    uniqueIndex('items_organisation_slug_unique')
      .on(table.organisationId, table.customUrlSlug)
      .where(sql`${table.customUrlSlug} is not null`),
  ],
);

/** Which restricted (and hidden) items an account with this profile may reach. */
export const permissionProfileItems = pgTable(
  'permission_profile_items',
  {
    permissionProfileId: uuid('permission_profile_id')
      .notNull()
      .references(() => permissionProfiles.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.permissionProfileId, table.itemId] })],
);
