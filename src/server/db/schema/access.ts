import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountMembers, accounts, staffUsers } from './identity';
import { organisations, products } from './organisations';

/**
 * Access rules an organisation keeps private (never in the public customisation): review defaults,
 * NDA requirement and bring-your-own-identity settings. One row per organisation, created on first use.
 */
export const accessSettings = pgTable('access_settings', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** A request from a new address of an approved account's domain is approved without review. */
  autoApproveAccountMembers: boolean('auto_approve_account_members').notNull().default(true),
  /** Requests from free-mail providers are answered 'Please use your work email.'. */
  rejectFreeMailDomains: boolean('reject_free_mail_domains').notNull().default(true),
  defaultAccessDays: integer('default_access_days').notNull().default(365),
  /** Members are mailed this many days before their access ends (once per end date); 0 turns it off. */
  expiryReminderDays: integer('expiry_reminder_days').notNull().default(14),
  requireNda: boolean('require_nda').notNull().default(false),
  byoidSecret: text('byoid_secret'),
  byoidJwksUrl: text('byoid_jwks_url'),
  byoidIssuer: text('byoid_issuer'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Domains approved without review, or refused outright (spec 3 §3 request_declined_blocked_domain). */
export const accessDomainRules = pgTable(
  'access_domain_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['auto_approve', 'blocked'] }).notNull(),
    domain: text('domain').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('access_domain_rules_unique').on(table.organisationId, table.domain)],
);

/** A visitor's access request (spec 3 §3 access request payload) and its review. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    accountMemberId: uuid('account_member_id').references(() => accountMembers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    jobTitle: text('job_title'),
    pointOfContactEmail: text('point_of_contact_email'),
    relationship: text('relationship'),
    country: text('country'),
    requestedProductIds: jsonb('requested_product_ids').$type<string[]>().notNull().default([]),
    customCheckbox: boolean('custom_checkbox'),
    wantsUpdates: boolean('wants_updates').notNull().default(false),
    itemUid: text('item_uid'),
    itemKind: text('item_kind'),
    source: text('source'),
    invitedByAccountMemberId: uuid('invited_by_account_member_id').references(() => accountMembers.id, {
      onDelete: 'set null',
    }),
    /**
     * 'renewal': an expired member asks for their account's access again (extend access, request again);
     * 'extension': a member whose access has not ended yet asks for more time (the expiry reminder's link).
     */
    kind: text('kind', { enum: ['access', 'renewal', 'extension'] })
      .notNull()
      .default('access'),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'auto_approved', 'auto_declined'] })
      .notNull()
      .default('pending'),
    /** Who a decline came from (spec 3 §3 request_declined vs request_declined_third_party); null unless declined. */
    declinedBy: text('declined_by', { enum: ['organisation', 'third_party'] }),
    decisionReason: text('decision_reason'),
    accessDays: integer('access_days'),
    decidedByStaffUserId: uuid('decided_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('access_requests_org_status_idx').on(table.organisationId, table.status, table.createdAt),
    index('access_requests_org_email_idx').on(table.organisationId, sql`lower(${table.email})`),
    // The review queue's "all" and "decided" views (newest first) and its same-domain history.
    index('access_requests_org_created_idx').on(table.organisationId, table.createdAt),
    index('access_requests_org_domain_idx').on(
      table.organisationId,
      sql`lower(split_part(${table.email}, '@', 2))`,
    ),
  ],
);

/** One-time sign-in links (magic links): the token's sha256 only, single use, short-lived. */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: text('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountMemberId: uuid('account_member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_tokens_expires_idx').on(table.expiresAt)],
);

/**
 * Bring-your-own-identity tokens already used to sign in, so a token works once. The id is the sha256
 * of the issuer and jti, or of the signed header and payload when the token has no jti; kept until
 * the token expires, then purged.
 */
export const byoidTokenUses = pgTable(
  'byoid_token_uses',
  {
    id: text('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('byoid_token_uses_expires_idx').on(table.expiresAt)],
);

/** Colleagues invited by a member; the invite token (a JWT whose subject is the e-mail) names this row. */
export const accountInvites = pgTable(
  'account_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invitedByAccountMemberId: uuid('invited_by_account_member_id').references(() => accountMembers.id, {
      onDelete: 'set null',
    }),
    email: text('email').notNull(),
    message: text('message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_invites_org_email_idx').on(table.organisationId, table.email)],
);

/** A version of an organisation's NDA; the newest row is the one visitors accept. Never updated. */
export const ndaVersions = pgTable(
  'nda_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sourceFileName: text('source_file_name'),
    sha256: text('sha256').notNull(),
    createdByStaffUserId: uuid('created_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('nda_versions_org_created_idx').on(table.organisationId, table.createdAt)],
);

/** Clickwrap evidence: who accepted which exact NDA text, when and from where. */
export const ndaAcceptances = pgTable(
  'nda_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    ndaVersionId: uuid('nda_version_id')
      .notNull()
      .references(() => ndaVersions.id, { onDelete: 'cascade' }),
    accountMemberId: uuid('account_member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    ndaSha256: text('nda_sha256').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('nda_acceptances_member_version_unique').on(table.accountMemberId, table.ndaVersionId),
    // The review queue's NDA state and "has NDA" filter look acceptances up by address.
    index('nda_acceptances_org_email_idx').on(table.organisationId, sql`lower(${table.signerEmail})`),
  ],
);

/**
 * A member's personal access token (issue 36): read-only, expiring, shown once and stored as its
 * SHA-256. It acts with exactly its member's access, so it stops working when that access ends.
 */
export const memberAccessTokens = pgTable(
  'member_access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountMemberId: uuid('account_member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so a person can tell their tokens apart. */
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByStaffUserId: uuid('revoked_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_access_tokens_hash_unique').on(table.tokenHash),
    index('member_access_tokens_member_idx').on(table.accountMemberId, table.createdAt),
  ],
);
