import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StaffPermission } from '../../../shared/permissions';
import { organisations } from './organisations';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    permissions: jsonb('permissions').$type<StaffPermission[]>().notNull().default([]),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_users_email_unique').on(sql`lower(${table.email})`)],
);

export const permissionProfiles = pgTable('permission_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An external company reviewed by staff; its members sign in with their work e-mail (access issue). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The company's e-mail domain: new requests from it join this account. */
    domain: text('domain'),
    reviewStatus: text('review_status', { enum: ['approved', 'declined', 'pending', 'other'] })
      .notNull()
      .default('pending'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    /** The end date whose expiry reminder went out: a new end date (an extension) re-arms the reminder. */
    expiryReminderSentFor: timestamp('expiry_reminder_sent_for', { withTimezone: true }),
    permissionProfileId: uuid('permission_profile_id').references(() => permissionProfiles.id, {
      onDelete: 'set null',
    }),
    decisionReason: text('decision_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The expiry the webhooks were told about (access.expired), so each expiry is announced once. */
    expiryAnnouncedFor: timestamp('expiry_announced_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('accounts_organisation_idx').on(table.organisationId),
    // The expiry reminder job looks for approved accounts by end date.
    index('accounts_approved_expiry_idx')
      .on(table.accessExpiresAt)
      .where(sql`${table.reviewStatus} = 'approved' and ${table.accessExpiresAt} is not null`),
    uniqueIndex('accounts_org_domain_unique')
      .on(table.organisationId, sql`lower(${table.domain})`)
      .where(sql`${table.domain} is not null`),
  ],
);

export const accountMembers = pgTable(
  'account_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isAutoApproved: boolean('is_auto_approved').notNull().default(false),
    /** Signed in by the organisation's own identity provider (byoid), not by e-mail link. */
    externalSubject: text('external_subject'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_members_org_email_unique').on(table.organisationId, sql`lower(${table.email})`),
    index('account_members_account_idx').on(table.accountId),
  ],
);

/** Server-side sessions; the id column holds the sha256 of the cookie value, never the value itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['staff', 'member'] }).notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    accountMemberId: uuid('account_member_id').references(() => accountMembers.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_expires_idx').on(table.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    actorStaffUserId: uuid('actor_staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_organisation_created_idx').on(table.organisationId, table.createdAt)],
);
