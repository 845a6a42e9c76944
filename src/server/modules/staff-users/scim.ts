import { and, eq, isNull } from 'drizzle-orm';
import SCIMMY from 'scimmy';
import { StaffEmail } from '../../../shared/console-admin';
import { limits } from '../../../shared/limits';
import { type StaffRole, staffRoleLabels } from '../../../shared/permissions';
import { type ScimProfile, scimMessages } from '../../../shared/scim';
import { insertAuditEntry } from '../../core';
import type { Database } from '../../db/client';
import { staffUsers } from '../../db/schema';
import {
  findSsoSettings,
  findStaffUserByEmail,
  hashPassword,
  insertStaffUser,
  newTemporaryPassword,
  type SignInClient,
} from '../staff';
import {
  countActiveOwners,
  deleteSessionsOfStaffUser,
  findStaffUserOfOrganisation,
  type StaffUserRow,
  updateStaffUserRow,
} from './queries';
import { lockOrganisation } from './staff-admin';

/** What one SCIM call carries into SCIMMY's handlers; `fault` keeps an unexpected error for the log. */
export type ScimCall = {
  db: Database;
  organisationId: string;
  client: SignInClient;
  fault?: unknown;
};

export const ScimError = SCIMMY.Types.Error;

/** A SCIM error (RFC 7644 §3.12); scimType only where the RFC has a keyword for the problem. */
export function scimError(status: number, detail: string, scimType?: string) {
  return new ScimError(status, scimType as string, detail);
}
const rolesOverScim = ['admin', 'editor', 'reviewer', 'viewer'] as const;

/** The person as SCIM shows them (RFC 7643 §4.1): userName is the e-mail they sign in with. */
function scimUserOf(row: StaffUserRow): Record<string, unknown> {
  const profile = row.scimProfile ?? {};
  return {
    id: row.id,
    ...(profile.externalId ? { externalId: profile.externalId } : {}),
    userName: row.email,
    ...(profile.displayName ? { displayName: profile.displayName } : {}),
    name: profile.name ?? { formatted: row.name },
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: !row.isDisabled,
    roles: [{ value: row.role, display: staffRoleLabels[row.role], primary: true }],
    meta: { resourceType: 'User', created: row.createdAt },
  };
}

/** The console's name for the person: their display name, else given and family name, else formatted. */
function staffNameOf(profile: ScimProfile, email: string): string {
  const joined = [profile.name?.givenName, profile.name?.familyName].filter(Boolean).join(' ');
  const name = profile.displayName || joined || profile.name?.formatted || email.split('@')[0]!;
  return name.trim().slice(0, limits.staffNameMaxLength);
}

type IncomingUser = {
  userName?: string;
  externalId?: string;
  displayName?: string;
  name?: { formatted?: string; givenName?: string; familyName?: string };
  active?: boolean;
  password?: string;
  roles?: { value?: string; primary?: boolean }[];
};

function emailOf(user: IncomingUser): string {
  if (!user.userName) throw scimError(400, scimMessages.userNameRequired, 'invalidValue');
  const parsed = StaffEmail.safeParse(user.userName);
  if (!parsed.success) throw scimError(400, scimMessages.userNameNotEmail, 'invalidValue');
  return parsed.data;
}

/** The role the provider asks for (the primary one, else the only one), or undefined when it sends none. */
function requestedRole(user: IncomingUser): StaffRole | undefined {
  const roles = (user.roles ?? []).filter((role) => role.value);
  const chosen = roles.find((role) => role.primary) ?? roles[0];
  if (!chosen?.value) return undefined;
  const value = chosen.value.trim().toLowerCase();
  if (value === 'owner') return 'owner';
  const known = rolesOverScim.find((role) => role === value);
  if (!known) throw scimError(400, scimMessages.unknownRole(chosen.value), 'invalidValue');
  return known;
}

function profileOf(user: IncomingUser): ScimProfile {
  const name = user.name
    ? Object.fromEntries(
        (['formatted', 'givenName', 'familyName'] as const)
          .filter((part) => user.name?.[part])
          .map((part) => [part, String(user.name![part]).slice(0, 200)]),
      )
    : undefined;
  return {
    ...(user.externalId ? { externalId: user.externalId.slice(0, 300) } : {}),
    ...(user.displayName ? { displayName: user.displayName.slice(0, 300) } : {}),
    ...(name && Object.keys(name).length ? { name } : {}),
  };
}

/** What SCIM changes go to the audit log with: from where, and which provider client. */
function auditedCall(call: ScimCall) {
  return { via: 'scim', ipAddress: call.client.ipAddress, userAgent: call.client.userAgent };
}

async function audit(tx: Database, call: ScimCall, action: string, staffUserId: string, data: object) {
  await insertAuditEntry(tx, {
    organisationId: call.organisationId,
    actorStaffUserId: null,
    action,
    target: `staff_user:${staffUserId}`,
    data: { ...data, ...auditedCall(call) },
  });
}

/** Changing owners is an owner's act in the console; a provider's token never makes or unmakes one. */
function assertRoleChangeAllowed(current: StaffRole, requested: StaffRole | undefined) {
  if (requested === undefined || requested === current) return;
  if (requested === 'owner' || current === 'owner')
    throw scimError(400, scimMessages.ownerRole, 'mutability');
}

async function assertOwnerRemains(tx: Database, call: ScimCall, before: StaffUserRow, after: StaffUserRow) {
  const isActiveOwner = (row: StaffUserRow) => row.role === 'owner' && !row.isDisabled && !row.scimRemovedAt;
  if (
    isActiveOwner(before) &&
    !isActiveOwner(after) &&
    (await countActiveOwners(tx, call.organisationId)) === 0
  ) {
    throw scimError(409, scimMessages.lastOwner);
  }
}

async function findProvisioned(tx: Database, call: ScimCall, id: string): Promise<StaffUserRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id)
    ? await findStaffUserOfOrganisation(tx, call.organisationId, id)
    : null;
  if (!row || row.scimRemovedAt) throw scimError(404, scimMessages.notFound(id));
  return row;
}

function auditedState(row: StaffUserRow) {
  return { name: row.name, email: row.email, role: row.role, isDisabled: row.isDisabled };
}

async function createUser(call: ScimCall, user: IncomingUser): Promise<StaffUserRow> {
  const email = emailOf(user);
  const role = requestedRole(user);
  assertRoleChangeAllowed('viewer', role);
  const profile = profileOf(user);
  // Nobody knows this password: provisioned staff sign in with single sign-on (or an admin resets it).
  const passwordHash = await hashPassword(newTemporaryPassword());
  return call.db.transaction(async (tx) => {
    await lockOrganisation(tx, call.organisationId);
    const newcomerRole = role ?? (await findSsoSettings(tx, call.organisationId))?.newStaffRole ?? 'viewer';
    const values = {
      name: staffNameOf(profile, email),
      role: newcomerRole,
      isDisabled: user.active === false,
      scimProfile: profile,
      scimRemovedAt: null,
    };
    const existing = await findStaffUserByEmail(tx, email);
    if (existing && !(existing.organisationId === call.organisationId && existing.scimRemovedAt)) {
      throw scimError(409, scimMessages.userNameTaken, 'uniqueness');
    }
    // Someone deleted over SCIM and provisioned again comes back as the same person, history and all.
    const row = existing
      ? await updateStaffUserRow(tx, existing.id, values)
      : await insertStaffUser(tx, { organisationId: call.organisationId, email, passwordHash, ...values });
    if (!row) throw scimError(409, scimMessages.userNameTaken, 'uniqueness');
    await audit(tx, call, existing ? 'staff_user.restored' : 'staff_user.created', row.id, {
      after: auditedState(row),
    });
    return row;
  });
}

async function replaceUser(call: ScimCall, id: string, user: IncomingUser): Promise<StaffUserRow> {
  const email = emailOf(user);
  const role = requestedRole(user);
  const profile = profileOf(user);
  return call.db.transaction(async (tx) => {
    await lockOrganisation(tx, call.organisationId);
    const before = await findProvisioned(tx, call, id);
    assertRoleChangeAllowed(before.role, role);
    if (email !== before.email.toLowerCase()) {
      const taken = await findStaffUserByEmail(tx, email);
      if (taken && taken.id !== before.id) throw scimError(409, scimMessages.userNameTaken, 'uniqueness');
    }
    const after = await updateStaffUserRow(tx, before.id, {
      email,
      name: staffNameOf(profile, email),
      scimProfile: profile,
      ...(role ? { role } : {}),
      ...(user.active !== undefined ? { isDisabled: !user.active } : {}),
    });
    await assertOwnerRemains(tx, call, before, after);
    const deactivated = after.isDisabled && !before.isDisabled;
    if (deactivated) await deleteSessionsOfStaffUser(tx, before.id);
    const action = deactivated
      ? 'staff_user.disabled'
      : before.isDisabled && !after.isDisabled
        ? 'staff_user.enabled'
        : before.role !== after.role
          ? 'staff_user.role_changed'
          : 'staff_user.updated';
    await audit(tx, call, action, before.id, { before: auditedState(before), after: auditedState(after) });
    return after;
  });
}

/** DELETE: the person is disabled, their sessions end, and SCIM forgets them (404); the audit log keeps them. */
async function removeUser(call: ScimCall, id: string): Promise<void> {
  await call.db.transaction(async (tx) => {
    await lockOrganisation(tx, call.organisationId);
    const before = await findProvisioned(tx, call, id);
    const after = await updateStaffUserRow(tx, before.id, { isDisabled: true, scimRemovedAt: new Date() });
    await assertOwnerRemains(tx, call, before, after);
    await deleteSessionsOfStaffUser(tx, before.id);
    await audit(tx, call, 'staff_user.removed', before.id, { before: auditedState(before) });
  });
}

/** userName and e-mails compare case-insensitively (RFC 7643 §4.1.1: caseExact false); SCIMMY's filter is exact. */
function caseInsensitive(filter: InstanceType<typeof SCIMMY.Types.Filter>) {
  const lowered = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.toLowerCase()
      : Array.isArray(value)
        ? value.map(lowered)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, lowered(inner)]))
          : value;
  const expressions = JSON.parse(JSON.stringify([...filter])) as Record<string, unknown>[];
  try {
    return caseInsensitiveFilter(expressions, lowered);
  } catch (error) {
    // SCIMMY reads `userName eq` (no value) as a filter, and refuses it only as expression objects.
    if (error instanceof TypeError) throw scimError(400, error.message, 'invalidFilter');
    throw error;
  }
}

function caseInsensitiveFilter(expressions: Record<string, unknown>[], lowered: (value: unknown) => unknown) {
  return new SCIMMY.Types.Filter(
    expressions.map((expression) =>
      Object.fromEntries(
        Object.entries(expression).map(([attribute, value]) =>
          ['username', 'emails'].includes(attribute.toLowerCase())
            ? [attribute, lowered(value)]
            : [attribute, value],
        ),
      ),
    ),
  );
}

async function listUsers(call: ScimCall, filter: InstanceType<typeof SCIMMY.Types.Filter> | undefined) {
  const rows = await call.db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.organisationId, call.organisationId), isNull(staffUsers.scimRemovedAt)))
    .orderBy(staffUsers.createdAt, staffUsers.id);
  const users = rows.map(scimUserOf);
  if (!filter) return users;
  const comparable = users.map((user) => ({
    ...user,
    userName: String(user.userName).toLowerCase(),
    emails: (user.emails as { value: string }[]).map((email) => ({
      ...email,
      value: email.value.toLowerCase(),
    })),
  }));
  const matching = new Set(
    caseInsensitive(filter)
      .match(comparable)
      .map((user) => user.id),
  );
  return users.filter((user) => matching.has(user.id));
}

/**
 * SCIMMY turns any other error of a handler into a 404 "not found": an unexpected fault (the database
 * gone) is kept for the log and answered as a 500 with no detail of ours instead.
 */
async function guarded<T>(call: ScimCall, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ScimError) throw error;
    call.fault = error;
    throw scimError(500, scimMessages.serverFault);
  }
}

let declared = false;

/** SCIMMY keeps its resource types in one registry per process: declared once, the call passed each time. */
export function declareScimResources(): void {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    patch: true,
    filter: 200,
    sort: true,
    bulk: false,
    changePassword: false,
    etag: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The organisation’s SCIM token, made by an owner in Console › Sign-in security.',
        primary: true,
      },
    ],
  });
  SCIMMY.Resources.User.basepath('/scim/v2');
  SCIMMY.Resources.declare(SCIMMY.Resources.User);
  SCIMMY.Resources.User.egress(
    (resource, call: ScimCall) =>
      guarded(call, async () =>
        resource.id
          ? scimUserOf(await findProvisioned(call.db, call, resource.id))
          : listUsers(call, resource.filter),
      ) as never,
  );
  SCIMMY.Resources.User.ingress(
    (resource, instance, call: ScimCall) =>
      guarded(call, async () => {
        const user = instance as unknown as IncomingUser;
        if (user.password !== undefined) throw scimError(400, scimMessages.passwordRefused, 'invalidValue');
        const row = resource.id ? await replaceUser(call, resource.id, user) : await createUser(call, user);
        return scimUserOf(row);
      }) as never,
  );
  SCIMMY.Resources.User.degress((resource, call: ScimCall) =>
    guarded(call, () => removeUser(call, resource.id!)),
  );
}
