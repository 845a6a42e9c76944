import { z } from 'zod';

/**
 * Staff permissions: the spec's four (DESIGN.md "Viewer and modes") and those the roles need. A staff
 * user holds a role; the role decides the permissions (decision 375), and every console route names
 * the one permission it needs.
 */
export const StaffPermission = z.enum([
  'console:read',
  'statuspage:edit',
  'assets:edit',
  'files:view',
  'files:download',
  'access:review',
  'organisation:manage',
  'security:manage',
]);
export type StaffPermission = z.infer<typeof StaffPermission>;
export const allStaffPermissions: StaffPermission[] = StaffPermission.options;

export const StaffRole = z.enum(['owner', 'admin', 'editor', 'reviewer', 'viewer']);
export type StaffRole = z.infer<typeof StaffRole>;

// Reading roles open documents in the browser; a download, which leaves the gate's sight, is for
// those who edit them (and owners and admins).
const reading: StaffPermission[] = ['console:read', 'files:view'];

const permissionsByRole: Record<StaffRole, readonly StaffPermission[]> = {
  owner: allStaffPermissions,
  admin: allStaffPermissions.filter((permission) => permission !== 'security:manage'),
  editor: [...reading, 'files:download', 'statuspage:edit', 'assets:edit'],
  reviewer: [...reading, 'access:review'],
  viewer: reading,
};

/** The role's permissions in the canonical order of StaffPermission. */
export function permissionsOfRole(role: StaffRole): readonly StaffPermission[] {
  return allStaffPermissions.filter((permission) => permissionsByRole[role].includes(permission));
}

export function roleHas(role: StaffRole, permission: StaffPermission): boolean {
  return permissionsByRole[role].includes(permission);
}

export const staffRoleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  reviewer: 'Reviewer',
  viewer: 'Viewer',
};

export const staffRoleDescriptions: Record<StaffRole, string> = {
  owner: 'Everything, including sign-in security and who else is an owner.',
  admin: 'Everything except sign-in security and owners: staff, settings, integrations, access.',
  editor: 'The page, documents, updates, the knowledge base and questionnaires.',
  reviewer: 'Access requests, accounts and their permission profiles.',
  viewer: 'Reads the console and views documents; changes and downloads nothing.',
};
