import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../shared/permissions';
import type { ScimProfile } from '../../../shared/scim';
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
    /** What the person may do (shared/permissions.ts); an organisation keeps at least one active owner. */
    role: text('role').$type<StaffRole>().notNull().default('viewer'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** What the identity provider said of the person over SCIM (externalId, displayName, name parts). */
    scimProfile: jsonb('scim_profile').$type<ScimProfile>(),
    /** Deleted over SCIM: disabled, and gone from SCIM's answers (404), kept for the audit log. */
    scimRemovedAt: timestamp('scim_removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('staff_users_email_unique').on(sql`lower(${table.email})`),
    check('staff_users_role_known', sql`${table.role} in ('owner', 'admin', 'editor', 'reviewer', 'viewer')`),
  ],
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
    /** The id a person sees in their session list: the primary key is a token hash and stays inside. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** When this session last proved a second factor (sign-in or step-up); null without one. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    /** The WebAuthn challenge this session was last given (adding a passkey, step-up), used once. */
    webauthnChallenge: text('webauthn_challenge'),
  },
  (table) => [
    index('sessions_expires_idx').on(table.expiresAt),
    index('sessions_staff_user_idx').on(table.staffUserId),
    uniqueIndex('sessions_public_id_unique').on(table.publicId),
  ],
);

/** A staff member's second factors: authenticator apps (TOTP) for now; the secret is encrypted. */
export const staffSecondFactors = pgTable(
  'staff_second_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
    name: text('name').notNull(),
    /** An authenticator app's sealed seed; null for a passkey. */
    secretCiphertext: text('secret_ciphertext'),
    /** A passkey's credential id and COSE public key (base64url), its signature counter and transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: integer('sign_count'),
    transports: jsonb('transports').$type<string[]>(),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    lastUsedStep: integer('last_used_step'),
    /** Null until the person proved the app works with a first code; unconfirmed factors sign nobody in. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_second_factors_user_idx').on(table.staffUserId),
    uniqueIndex('staff_second_factors_credential_unique').on(table.credentialId),
  ],
);

/** Ten one-use recovery codes per person, stored as SHA-256 (each carries 60 random bits). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_recovery_codes_user_idx').on(table.staffUserId)],
);

/**
 * A password that was right, waiting for its second factor (or, when the organisation requires one,
 * for the person to enrol one). No session exists until it is met; the id is a token hash.
 */
export const staffSignInChallenges = pgTable(
  'staff_sign_in_challenges',
  {
    id: text('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** Wrong codes so far: the challenge ends after a few, and the password must be given again. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The WebAuthn challenge given for signing in with a passkey, used once. */
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_sign_in_challenges_expires_idx').on(table.expiresAt)],
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

/**
 * An organisation's single sign-on (OpenID Connect, decision 376): its identity provider, the client
 * Attest is there (the secret sealed), the e-mail domains it may sign in and the role of people it
 * brings the first time (null: invited staff only). With `requireSso` passwords stop working except
 * for the break-glass owner's.
 */
export const organisationSso = pgTable('organisation_sso', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretCiphertext: text('client_secret_ciphertext').notNull(),
  allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
  newStaffRole: text('new_staff_role').$type<StaffRole>(),
  requireSso: boolean('require_sso').notNull().default(false),
  breakGlassStaffUserId: uuid('break_glass_staff_user_id').references(() => staffUsers.id, {
    onDelete: 'set null',
  }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A single sign-on begun and not yet finished: the state's hash, with the PKCE verifier and nonce the
 * answer must match. Used once: the callback deletes it, so a replayed state finds nothing.
 */
export const ssoSignInAttempts = pgTable(
  'sso_sign_in_attempts',
  {
    id: text('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** The hash of a cookie the starting browser got: the answer counts only in that browser (login CSRF). */
    browserBindingHash: text('browser_binding_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_sign_in_attempts_expires_idx').on(table.expiresAt)],
);

/**
 * Provisioning over SCIM 2.0 (issue 33 §4): the hash of the organisation's bearer token (shown once
 * to the owner who made it) and when it was last used. No row: SCIM is off for the organisation.
 */
export const organisationScim = pgTable('organisation_scim', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The token's last four characters, so owners can tell which one a provider holds. */
  tokenHint: text('token_hint').notNull(),
  createdByStaffUserId: uuid('created_by_staff_user_id').references(() => staffUsers.id, {
    onDelete: 'set null',
  }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});
