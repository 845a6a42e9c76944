import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { CardKind } from '../../shared/card-kinds';
import type { StaffRole } from '../../shared/permissions';
import type { PortalCustomisation } from '../../shared/portal';
import type { Database } from '../db/client';
import {
  accessSettings,
  accountMembers,
  accounts,
  cards,
  files,
  itemFiles,
  items,
  ndaAcceptances,
  ndaVersions,
  organisations,
  permissionProfileItems,
  permissionProfiles,
  productLinks,
  products,
  staffUsers,
} from '../db/schema';
import { materialiseCatalogue } from '../modules/cards/materialise-catalogue';
import { hashPassword } from '../modules/staff/passwords';
import { type FileStorage, newStorageKey } from '../providers/storage';

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
  await materialiseCatalogue(db, product!.id);
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
  await materialiseCatalogue(db, product!.id);
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
    role?: StaffRole;
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
      role: overrides.role ?? 'owner',
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

type ProductRef = { id: string; organisationId: string };

/** A custom item on a card (catalogue items exist already: find them with findCatalogueItem). */
export async function createItem(
  db: Database,
  product: ProductRef,
  overrides: Partial<typeof items.$inferInsert> & { cardKind: CardKind },
) {
  const [item] = await db
    .insert(items)
    .values({
      organisationId: product.organisationId,
      productId: product.id,
      title: `Item ${unique()}`,
      enabledState: 'Enabled',
      ...overrides,
    })
    .returning();
  return item!;
}

export async function findCatalogueItem(db: Database, productId: string, catalogueKey: string) {
  const [item] = await db
    .select()
    .from(items)
    .where(and(eq(items.productId, productId), eq(items.catalogueKey, catalogueKey)))
    .limit(1);
  if (!item) throw new Error(`no catalogue item ${catalogueKey}`);
  return item;
}

export async function updateCard(
  db: Database,
  productId: string,
  kind: CardKind,
  values: Partial<typeof cards.$inferInsert>,
) {
  await db
    .update(cards)
    .set(values)
    .where(and(eq(cards.productId, productId), eq(cards.kind, kind)));
}

export async function createPermissionProfile(
  db: Database,
  organisationId: string,
  options: { name?: string; itemIds?: string[] } = {},
) {
  const [profile] = await db
    .insert(permissionProfiles)
    .values({ organisationId, name: options.name ?? `Profile ${unique()}` })
    .returning();
  if (options.itemIds?.length) {
    await db
      .insert(permissionProfileItems)
      .values(options.itemIds.map((itemId) => ({ permissionProfileId: profile!.id, itemId })));
  }
  return profile!;
}

/** The organisation's access settings row (created or changed). */
export async function setAccessSettings(
  db: Database,
  organisationId: string,
  values: Partial<Omit<typeof accessSettings.$inferInsert, 'organisationId'>>,
) {
  await db
    .insert(accessSettings)
    .values({ organisationId, ...values })
    .onConflictDoUpdate({ target: accessSettings.organisationId, set: { ...values, updatedAt: new Date() } });
}

/** An NDA version; createdAt decides which one is current, so tests pass distinct times. */
export async function createNdaVersion(
  db: Database,
  organisationId: string,
  overrides: Partial<typeof ndaVersions.$inferInsert> = {},
) {
  const body = overrides.body ?? `NDA text ${unique()}`;
  const [version] = await db
    .insert(ndaVersions)
    .values({
      organisationId,
      title: 'Mutual NDA',
      body,
      sha256: createHash('sha256').update(body).digest('hex'),
      ...overrides,
    })
    .returning();
  return version!;
}

export async function acceptNdaVersion(
  db: Database,
  member: { id: string; organisationId: string; email: string },
  version: { id: string; sha256: string },
) {
  await db.insert(ndaAcceptances).values({
    organisationId: member.organisationId,
    ndaVersionId: version.id,
    accountMemberId: member.id,
    signerName: 'Casey Customer',
    signerEmail: member.email,
    ndaSha256: version.sha256,
  });
}

/** A library file with its bytes in storage, linked to the given items (documents card entries). */
export async function createStoredFile(
  db: Database,
  storage: FileStorage,
  organisationId: string,
  options: {
    title: string;
    bytes: Buffer;
    contentType?: string;
    accessType?: 'view_only' | 'view_and_download' | null;
    itemIds?: string[];
  },
) {
  const contentType = options.contentType ?? 'text/plain';
  const storageKey = newStorageKey(organisationId);
  await storage.put(storageKey, Readable.from([options.bytes]), {
    contentType,
    contentLength: options.bytes.length,
  });
  const [file] = await db
    .insert(files)
    .values({
      organisationId,
      storageKey,
      originalName: `${options.title}.txt`,
      title: options.title,
      contentType,
      sizeBytes: options.bytes.length,
      sha256: createHash('sha256').update(options.bytes).digest('hex'),
      accessType: options.accessType ?? null,
    })
    .returning();
  const itemIds = options.itemIds ?? [];
  if (itemIds.length > 0) {
    await db
      .insert(itemFiles)
      .values(itemIds.map((itemId, position) => ({ itemId, fileId: file!.id, position })));
  }
  return file!;
}
