import { allStaffPermissions, type StaffPermission } from '../../shared/permissions';
import type { PortalCustomisation } from '../../shared/portal';
import type { Database } from '../db/client';
import { accountMembers, accounts, organisations, productLinks, products, staffUsers } from '../db/schema';
import { hashPassword } from '../modules/staff/passwords';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function createOrganisation(
  db: Database,
  overrides: Partial<typeof organisations.$inferInsert> & {
    customisation?: Partial<PortalCustomisation>;
  } = {},
) {
  const slug = overrides.slug ?? `org-${unique()}`;
  const [organisation] = await db
    .insert(organisations)
    .values({ name: `Org ${slug}`, websiteUrl: `${slug}.example`, ...overrides, slug })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ organisationId: organisation!.id, name: 'Platform', slug: 'platform', isDefault: true })
    .returning();
  return { organisation: organisation!, product: product! };
}

export async function createProduct(
  db: Database,
  organisationId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const slug = overrides.slug ?? `product-${unique()}`;
  const [product] = await db
    .insert(products)
    .values({ organisationId, name: `Product ${slug}`, ...overrides, slug })
    .returning();
  return product!;
}

export async function createProductLink(
  db: Database,
  organisationId: string,
  overrides: Partial<typeof productLinks.$inferInsert> = {},
) {
  const [link] = await db
    .insert(productLinks)
    .values({ organisationId, name: 'Status page', link: 'status.example.com', ...overrides })
    .returning();
  return link!;
}

export const testPassword = 'correct horse battery staple';

export async function createStaffUser(
  db: Database,
  organisationId: string,
  overrides: {
    email?: string;
    name?: string;
    password?: string;
    permissions?: StaffPermission[];
    isDisabled?: boolean;
  } = {},
) {
  const [user] = await db
    .insert(staffUsers)
    .values({
      organisationId,
      email: overrides.email ?? `staff-${unique()}@example.com`,
      name: overrides.name ?? 'Sam Staff',
      passwordHash: await hashPassword(overrides.password ?? testPassword),
      permissions: overrides.permissions ?? allStaffPermissions,
      isDisabled: overrides.isDisabled ?? false,
    })
    .returning();
  return user!;
}

export async function createAccountMember(
  db: Database,
  organisationId: string,
  account: Partial<typeof accounts.$inferInsert> = {},
) {
  const [createdAccount] = await db
    .insert(accounts)
    .values({ organisationId, name: 'Customer Co', reviewStatus: 'approved', ...account })
    .returning();
  const [member] = await db
    .insert(accountMembers)
    .values({
      organisationId,
      accountId: createdAccount!.id,
      email: `member-${unique()}@customer.example`,
      firstName: 'Casey',
      lastName: 'Customer',
    })
    .returning();
  return { account: createdAccount!, member: member! };
}
