import { z } from 'zod';

/** Staff permissions named by the spec (DESIGN.md "Viewer and modes"). */
export const StaffPermission = z.enum(['statuspage:edit', 'files:view', 'files:download', 'assets:edit']);
export type StaffPermission = z.infer<typeof StaffPermission>;
export const allStaffPermissions: StaffPermission[] = StaffPermission.options;
