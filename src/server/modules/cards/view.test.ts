import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCardOrder, defaultSectionOrder } from '../../../shared/card-kinds';
import type { CardView } from '../../../shared/cards';
import { itemCatalogue } from '../../../shared/item-catalogue';
import { items, organisations, products } from '../../db/schema';
import { seedDemoOrganisation } from '../../seed/demo';
import {
  acceptNdaVersion,
  createAccountMember,
  createItem,
  createOrganisation,
  createProduct,
  createStaffUser,
  findCatalogueItem,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureCatalogueItems } from './materialise-catalogue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const view = async (slug: string, options: { cookies?: Record<string, string>; path?: string } = {}) =>
  (
    await t.app.inject({
      url: `/api/statuspage/share/${slug}/view${options.path ?? ''}`,
      cookies: options.cookies,
    })
  ).json();
const cardOf = (page: { cards: CardView[] }, kind: string) => page.cards.find((card) => card.kind === kind);

describe('cards in the page model', () => {
  it('gives a new product every card with the catalogue switched off: visitors see empty cards in the default order', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const page = await view(organisation.slug);
    expect(page.sections).toEqual(defaultSectionOrder);
    expect(page.planFeatures).toEqual({
      replaceIcons: true,
      cardTitleRenaming: true,
      sectionCustomization: true,
      restrictedFiles: true,
    });
    const kinds = page.cards.map((card: CardView) => card.kind);
    expect(kinds.slice(0, defaultCardOrder.length)).toEqual(defaultCardOrder);
    expect(kinds).toEqual(
      expect.arrayContaining(['Overview', 'Certifications', 'TrustedBy', 'Subprocessors', 'Documents']),
    );
    expect(kinds).not.toContain('CustomerData');
    expect(page.cards.every((card: CardView) => card.items.length === 0)).toBe(true);
    expect(cardOf(page, 'ApplicationSecurity')).toMatchObject({
      title: 'App Security',
      displayText: null,
      placeholder: null,
      isHidden: false,
      iconUrl: null,
    });
  });

  it('shows Main mode every catalogue item, switched off, with the card-specific first item first', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const staff = await createStaffUser(t.database.db, organisation.id);
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: staff.id,
    });
    const page = await view(organisation.slug, { cookies: session.cookies });
    for (const kind of defaultCardOrder) {
      expect(cardOf(page, kind)!.items).toHaveLength(itemCatalogue[kind].length);
    }
    const appSecurity = cardOf(page, 'ApplicationSecurity')!;
    expect(appSecurity.items[0]!.title).toBe('Responsible disclosure');
    expect(appSecurity.items.every((item) => item.enabledState === 'NotEnabled' && !item.isCustom)).toBe(
      true,
    );
    expect(cardOf(page, 'RiskProfile')!.items.map((item) => item.title)).toEqual(
      itemCatalogue.RiskProfile.map((entry) => entry.title),
    );
  });

  it('keeps plan features from the organisation and the section order from the product', async () => {
    const { organisation, product } = await createOrganisation(t.database.db, {
      planFeatures: { replaceIcons: false },
    });
    const sections = [...defaultSectionOrder].reverse();
    await t.database.db.update(products).set({ sectionOrder: sections }).where(eq(products.id, product.id));
    const page = await view(organisation.slug);
    expect(page.planFeatures.replaceIcons).toBe(false);
    expect(page.planFeatures.sectionCustomization).toBe(true);
    expect(page.sections).toEqual(sections);
  });

  it('names who changed an item last, and locks restricted content for visitors', async () => {
    const { organisation, product } = await createOrganisation(t.database.db);
    const staff = await createStaffUser(t.database.db, organisation.id, { name: 'Morgan Maintainer' });
    const restricted = await createItem(t.database.db, product, {
      cardKind: 'Reports',
      title: 'Audit summary',
      explanation: 'Only for customers',
      auditor: 'Schellman',
      isPublic: false,
      modifiedAt: new Date('2026-01-02T03:04:05Z'),
      modifiedByStaffUserId: staff.id,
    });
    const page = await view(organisation.slug);
    expect(cardOf(page, 'Reports')!.items).toEqual([
      expect.objectContaining({
        itemUid: restricted.id,
        title: 'Audit summary',
        isLocked: true,
        isPublic: false,
        explanation: null,
        auditor: null,
        modifiedAt: '2026-01-02T03:04:05.000Z',
        modifiedByName: 'Morgan Maintainer',
      }),
    ]);
    const { member } = await createAccountMember(t.database.db, organisation.id);
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    const memberPage = await view(organisation.slug, { cookies: session.cookies });
    expect(cardOf(memberPage, 'Reports')!.items[0]).toMatchObject({
      isLocked: false,
      explanation: 'Only for customers',
    });
  });

  it('serves each product its own cards', async () => {
    const { organisation, product } = await createOrganisation(t.database.db);
    const second = await createProduct(t.database.db, organisation.id, { name: 'Mobile' });
    await createItem(t.database.db, product, { cardKind: 'Legal', title: 'Platform only' });
    await createItem(t.database.db, second, { cardKind: 'Legal', title: 'Mobile only' });
    const first = await view(organisation.slug);
    const other = await view(organisation.slug, { path: `/${second.id}` });
    expect(cardOf(first, 'Legal')!.items.map((item) => item.title)).toEqual(['Platform only']);
    expect(cardOf(other, 'Legal')!.items.map((item) => item.title)).toEqual(['Mobile only']);
  });

  it('refreshes the cached public view after a card write', async () => {
    const { organisation, product } = await createOrganisation(t.database.db);
    const staff = await createStaffUser(t.database.db, organisation.id);
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: staff.id,
    });
    const item = await findCatalogueItem(t.database.db, product.id, 'legal.dpa');
    expect(cardOf(await view(organisation.slug), 'Legal')!.items).toEqual([]);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/trust-center/products/${product.id}/cards/Legal`,
      cookies: session.cookies,
      headers: session.headers,
      payload: { items: [{ itemUid: item.id, enabledState: 'Enabled' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(cardOf(await view(organisation.slug), 'Legal')!.items.map((entry) => entry.title)).toEqual([
      'Data processing agreement',
    ]);
  });
});

describe('catalogue materialisation', () => {
  it('fills products that lack cards or items, and running it again changes nothing', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const [bare] = await t.database.db
      .insert(products)
      .values({ organisationId: organisation.id, name: 'Bare', slug: 'bare' })
      .returning();
    const moved = await findCatalogueItem(
      t.database.db,
      (await view(organisation.slug)).product.productId,
      'legal.dpa',
    );
    await t.database.db.update(items).set({ cardKind: 'DataPrivacy' }).where(eq(items.id, moved.id));
    await ensureCatalogueItems(t.database.db);
    await ensureCatalogueItems(t.database.db);
    const count = async (productId: string) =>
      (await t.database.db.select({ id: items.id }).from(items).where(eq(items.productId, productId))).length;
    const total = Object.values(itemCatalogue).flat().length;
    expect(await count(bare!.id)).toBe(total);
    expect(await count(moved.productId)).toBe(total);
    const [after] = await t.database.db.select().from(items).where(eq(items.id, moved.id));
    expect(after!.cardKind).toBe('DataPrivacy');
  });
});

describe('the demo organisation', () => {
  it('fills every card of Acme Payroll, hides the restricted + hidden items from visitors and unlocks them for Enterprise customers', async () => {
    const demo = await createTestApp();
    try {
      const db = demo.database.db;
      await seedDemoOrganisation(db, { adminPassword: 'demo-password-for-tests' });
      const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, 'acme'));
      const read = async (cookies?: Record<string, string>) =>
        (await demo.app.inject({ url: '/api/statuspage/share/acme/view', cookies })).json();

      const page = await read();
      expect(page.product.productName).toBe('Acme Payroll');
      for (const kind of defaultCardOrder.filter((kind) => kind !== 'Esg')) {
        expect(cardOf(page, kind)?.items.length, kind).toBeGreaterThan(0);
      }
      expect(cardOf(page, 'Esg')).toBeUndefined();
      const titles = page.cards.flatMap((card: CardView) => card.items.map((item) => item.title));
      expect(titles).not.toContain('Payroll tax filing controls review');
      expect(titles).toContain('SOC 2 Type II report');
      const states = new Set(
        page.cards.flatMap((card: CardView) => card.items.map((item) => item.enabledState)),
      );
      expect([...states].sort()).toEqual(['Enabled', 'WorkInProgress']);

      const [profile] = await db.query.permissionProfiles.findMany({
        where: (table, { eq: equals }) => equals(table.organisationId, organisation!.id),
      });
      expect(profile!.name).toBe('Enterprise customers');
      const { member } = await createAccountMember(db, organisation!.id, {
        permissionProfileId: profile!.id,
      });
      // The demo organisation requires its NDA: this member has accepted the current version.
      const [nda] = await db.query.ndaVersions.findMany({
        where: (table, { eq: equals }) => equals(table.organisationId, organisation!.id),
        orderBy: (table, { desc }) => [desc(table.createdAt)],
        limit: 1,
      });
      await acceptNdaVersion(db, { ...member, organisationId: organisation!.id }, nda!);
      const session = await createTestSession(db, {
        organisationId: organisation!.id,
        accountMemberId: member.id,
      });
      const enterprise = await read(session.cookies);
      const reports = cardOf(enterprise, 'Reports')!.items;
      expect(reports.find((item) => item.title === 'Payroll tax filing controls review')).toMatchObject({
        isHidden: true,
        isLocked: false,
        auditor: 'Deloitte',
      });
      const hr = (await demo.app.inject({ url: '/api/statuspage/share/acme/view?product=hr' })).json();
      expect(cardOf(hr, 'DataSecurity')!.items.length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
