import { z } from 'zod';
import { limits } from './limits';
import { StaffPermission, StaffRole } from './permissions';
import { Slug } from './portal';

/** Contracts of the console's admin pages: audit log, staff users, products and product links. */

// ---- Audit log ----
export const auditPageSize = 50;

export const AuditLogQuery = z.object({
  action: z.string().max(100).optional(),
  actorId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogExportQuery = AuditLogQuery.omit({ page: true }).extend({
  bom: z.enum(['0', '1']).default('0'),
});

export const AuditActor = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AuditActor = z.infer<typeof AuditActor>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  /** Whatever the verb recorded: often { before, after }, sometimes the values set. */
  data: z.record(z.string(), z.unknown()),
  actor: AuditActor.nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogPage = z.object({
  entries: z.array(AuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every action recorded for the organisation, and every person who acted: the filters' choices. */
  actions: z.array(z.string()),
  actors: z.array(AuditActor),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;

// ---- Staff users ----
export const StaffUserView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: StaffRole,
  /** What the role allows, for the console to hide what it cannot do. */
  permissions: z.array(StaffPermission),
  isDisabled: z.boolean(),
  /** Kept by the organisation's identity provider over SCIM: changes there overwrite changes here. */
  isProvisioned: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type StaffUserView = z.infer<typeof StaffUserView>;

export const StaffUserList = z.object({ users: z.array(StaffUserView) });
export type StaffUserList = z.infer<typeof StaffUserList>;

const StaffName = z.string().trim().min(1, 'Enter a name').max(limits.staffNameMaxLength);
export const StaffEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(limits.emailMaxLength)
  .email('Enter a valid e-mail address');

export const CreateStaffUserInput = z.object({
  name: StaffName,
  email: StaffEmail,
  role: StaffRole,
});
export type CreateStaffUserInput = z.infer<typeof CreateStaffUserInput>;

/** The new user and a temporary password, shown once to the person who created it. */
export const CreatedStaffUser = z.object({ user: StaffUserView, temporaryPassword: z.string() });
export type CreatedStaffUser = z.infer<typeof CreatedStaffUser>;

export const UpdateStaffUserInput = z
  .object({
    name: StaffName.optional(),
    role: StaffRole.optional(),
    isDisabled: z.boolean().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });
export type UpdateStaffUserInput = z.infer<typeof UpdateStaffUserInput>;

export const StaffUserParams = z.object({ staffUserId: z.string().uuid() });

export const ResetPasswordResult = z.object({ temporaryPassword: z.string() });
export type ResetPasswordResult = z.infer<typeof ResetPasswordResult>;

export const staffUserMessages = {
  emailTaken: 'A staff user with this e-mail already exists',
  ownAccount: 'You cannot disable your own account',
  lastOwner: 'The organisation must keep at least one active owner',
  ownersOnly: 'Only an owner can make someone an owner or change an owner',
  notFound: 'Staff user not found',
} as const;

export const permissionLabels: Record<StaffPermission, string> = {
  'console:read': 'Read the console',
  'statuspage:edit': 'Edit the page, documents, updates and FAQ',
  'assets:edit': 'Change images and icons',
  'files:view': 'View documents',
  'files:download': 'Download documents',
  'access:review': 'Review access requests and accounts',
  'organisation:manage': 'Manage staff, settings and integrations',
  'security:manage': 'Manage sign-in security and owners',
};

// ---- Products and product links ----
const ProductName = z.string().trim().min(1, 'Enter a name').max(limits.organisationNameMaxLength);

export const ProductView = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  isShown: z.boolean(),
  isDefault: z.boolean(),
  position: z.number().int(),
  bannerUrl: z.string().nullable(),
});
export type ProductView = z.infer<typeof ProductView>;

/** A link's address: http(s) URL, or a bare host name with an optional path (shown with https). */
export const ProductLinkUrl = z
  .string()
  .trim()
  .min(1, 'Enter a URL')
  .max(limits.urlMaxLength)
  .refine(
    (value) =>
      /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) || /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/[^\s]*)?$/i.test(value),
    { message: 'Enter a web address such as https://status.example.com' },
  );

export const ProductLinkView = z.object({
  id: z.string(),
  name: z.string(),
  link: z.string(),
  isShown: z.boolean(),
  position: z.number().int(),
});
export type ProductLinkView = z.infer<typeof ProductLinkView>;

export const ProductCatalogue = z.object({ products: z.array(ProductView), links: z.array(ProductLinkView) });
export type ProductCatalogue = z.infer<typeof ProductCatalogue>;

export const CreateProductInput = z.object({ name: ProductName, slug: Slug });
export type CreateProductInput = z.infer<typeof CreateProductInput>;

export const UpdateProductInput = z
  .object({ name: ProductName.optional(), slug: Slug.optional(), isShown: z.boolean().optional() })
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });
export type UpdateProductInput = z.infer<typeof UpdateProductInput>;

export const ProductParams = z.object({ productId: z.string().uuid() });
export const ProductLinkParams = z.object({ linkId: z.string().uuid() });

export const OrderInput = z.object({ ids: z.array(z.string().uuid()).min(1).max(500) });
export type OrderInput = z.infer<typeof OrderInput>;

const LinkName = z.string().trim().min(1, 'Enter a name').max(limits.organisationNameMaxLength);

export const CreateProductLinkInput = z.object({ name: LinkName, link: ProductLinkUrl });
export type CreateProductLinkInput = z.infer<typeof CreateProductLinkInput>;

export const UpdateProductLinkInput = z
  .object({ name: LinkName.optional(), link: ProductLinkUrl.optional(), isShown: z.boolean().optional() })
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });
export type UpdateProductLinkInput = z.infer<typeof UpdateProductLinkInput>;

export const bannerMaxBytes = 2 * 1024 * 1024;

export const productMessages = {
  slugTaken: 'Another product already uses this slug',
  notFound: 'Product not found',
  linkNotFound: 'Product link not found',
  hideDefault: 'The default product cannot be hidden; make another product the default first',
  defaultHidden: 'Show this product before making it the default',
  orderMismatch: 'The order must list every item exactly once',
  bannerType: 'The banner must be a PNG, JPEG or SVG image',
  bannerTooLarge: 'The banner must be 2 MB or smaller',
  bannerUnsafe: 'This SVG contains script or external references',
} as const;
