import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardKind, defaultCardOrder, defaultSectionOrder } from '../../../shared/card-kinds';
import { type CardView, cardMessages } from '../../../shared/cards';
import { messages } from '../../../shared/messages';
import type { StaffRole } from '../../../shared/permissions';
import { auditLog, items, organisations } from '../../db/schema';
import {
  createAccountMember,
  createItem,
  createOrganisation,
  createStaffUser,
  findCatalogueItem,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const cleanSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8" fill="#4338ca"/></svg>';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function setUp(options: { role?: StaffRole; planFeatures?: Record<string, boolean> } = {}) {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, {
    planFeatures: options.planFeatures ?? {},
  });
  const staff = await createStaffUser(db, organisation.id, {
    name: 'Erin Editor',
    role: options.role,
  });
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
  const base = `/api/trust-center/products/${product.id}`;
  const send = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      payload: payload as never,
      cookies: session.cookies,
      headers: { ...session.headers, ...headers },
    });
  const publicView = async () =>
    (await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` })).json();
  const staffView = async () =>
    (
      await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view`, cookies: session.cookies })
    ).json();
  const card = (view: { cards: CardView[] }, kind: CardKind) => view.cards.find((c) => c.kind === kind);
  const auditActions = async () =>
    (await db.select().from(auditLog).where(eq(auditLog.organisationId, organisation.id)))
      .map((row) => row.action)
      .filter((action) => action !== 'staff.signed_in');
  return { db, organisation, product, staff, session, base, send, publicView, staffView, card, auditActions };
}

function expectInvalid(
  response: {
    statusCode: number;
    json: () => { error: { code: string; message: string; fields?: Record<string, string> } };
  },
  message: string,
  status = 400,
) {
  expect(response.statusCode).toBe(status);
  const { error } = response.json();
  expect(Object.values(error.fields ?? {})).toContain(message);
  return error;
}

describe('PATCH /api/trust-center/products/:productId (sections)', () => {
  it('saves the section order, audits it, and visitors get it', async () => {
    const s = await setUp();
    const sections = [...defaultSectionOrder].reverse();
    const response = await s.send('PATCH', s.base, { sections });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sections });
    expect((await s.publicView()).sections).toEqual(sections);
    expect(await s.auditActions()).toContain('product.sections_reordered');
  });

  it('refuses an order that misses or repeats a section, and a plan without section customisation', async () => {
    const s = await setUp();
    for (const sections of [defaultSectionOrder.slice(1), [...defaultSectionOrder, 'help']]) {
      const error = expectInvalid(await s.send('PATCH', s.base, { sections }), cardMessages.unknownSections);
      expect(error.code).toBe('validation_failed');
    }
    const unknown = await s.send('PATCH', s.base, { sections: [...defaultSectionOrder.slice(1), 'faq'] });
    expect(unknown.statusCode).toBe(400);

    const locked = await setUp({ planFeatures: { sectionCustomization: false } });
    const refused = await locked.send('PATCH', locked.base, { sections: defaultSectionOrder });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(cardMessages.upgradePlan);
    expect((await s.publicView()).sections).toEqual(defaultSectionOrder);
    expect(await s.auditActions()).toEqual([]);
  });
});

describe('PATCH .../cards (card order)', () => {
  it('saves the card order for visitors', async () => {
    const s = await setUp();
    const cards = [...defaultCardOrder].reverse();
    const response = await s.send('PATCH', `${s.base}/cards`, { cards });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cards });
    const gridOrder = (await s.publicView()).cards
      .map((card: CardView) => card.kind)
      .filter((kind: CardKind) => defaultCardOrder.includes(kind));
    expect(gridOrder).toEqual(cards);
    expect(await s.auditActions()).toEqual(['product.cards_reordered']);
  });

  it('refuses unknown, missing, repeated cards and Customer Data', async () => {
    const s = await setUp();
    const orders = [
      defaultCardOrder.slice(1),
      [...defaultCardOrder.slice(1), defaultCardOrder[1]],
      [...defaultCardOrder, 'CustomerData'],
      [...defaultCardOrder.slice(1), 'Overview'],
    ];
    for (const cards of orders) {
      expectInvalid(await s.send('PATCH', `${s.base}/cards`, { cards }), cardMessages.unknownCards);
    }
    expect((await s.send('PATCH', `${s.base}/cards`, { cards: ['Nope'] })).statusCode).toBe(400);
    expect(await s.auditActions()).toEqual([]);
  });
});

describe('PATCH .../cards/:kind', () => {
  it('hides and shows a card: visitors lose it, Main mode keeps it marked hidden', async () => {
    const s = await setUp();
    const hidden = await s.send('PATCH', `${s.base}/cards/DataSecurity`, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().isHidden).toBe(true);
    expect(s.card(await s.publicView(), 'DataSecurity')).toBeUndefined();
    expect(s.card(await s.staffView(), 'DataSecurity')?.isHidden).toBe(true);
    await s.send('PATCH', `${s.base}/cards/DataSecurity`, { hidden: false });
    expect(s.card(await s.publicView(), 'DataSecurity')).toBeDefined();
    expect(await s.auditActions()).toEqual(['card.updated', 'card.updated']);
  });

  it('renames a card, sets display text and placeholder, and resets them with empty values', async () => {
    const s = await setUp();
    const url = `${s.base}/cards/Reports`;
    const saved = await s.send('PATCH', url, {
      title: 'Audit reports',
      displayText: 'Reports from our auditors',
      placeholder: 'Reports arrive soon.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      kind: 'Reports',
      title: 'Audit reports',
      displayText: 'Reports from our auditors',
      placeholder: 'Reports arrive soon.',
    });
    expect(s.card(await s.publicView(), 'Reports')?.title).toBe('Audit reports');
    const reset = await s.send('PATCH', url, { title: null, displayText: '', placeholder: '' });
    expect(reset.json()).toMatchObject({ title: 'Reports', displayText: null, placeholder: null });
  });

  it('refuses bad card texts with the spec messages and saves nothing', async () => {
    const s = await setUp();
    const url = `${s.base}/cards/Reports`;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'A' }, cardMessages.cardTitleLength],
      [{ title: 'x'.repeat(51) }, cardMessages.cardTitleLength],
      [{ displayText: 'abc' }, cardMessages.displayTextLength],
      [{ displayText: 'x'.repeat(101) }, cardMessages.displayTextLength],
      [{ placeholder: 'x'.repeat(1001) }, cardMessages.placeholderTooLong],
      [{ hidden: true, title: 'Z' }, cardMessages.cardTitleLength],
    ];
    for (const [body, message] of cases) {
      const error = expectInvalid(await s.send('PATCH', url, body), message);
      expect(error.code).toBe('validation_failed');
    }
    expectInvalid(
      await s.send('PATCH', `${s.base}/cards/RiskProfile`, { placeholder: 'No' }),
      cardMessages.actionNotAllowed,
    );
    expectInvalid(
      await s.send('PATCH', `${s.base}/cards/Subprocessors`, { displayText: 'Our vendors' }),
      cardMessages.actionNotAllowed,
    );
    expect(s.card(await s.staffView(), 'Reports')).toMatchObject({ title: 'Reports', isHidden: false });
    expect(await s.auditActions()).toEqual([]);
  });

  it('needs the card-title renaming feature to rename a card', async () => {
    const s = await setUp({ planFeatures: { cardTitleRenaming: false } });
    const refused = await s.send('PATCH', `${s.base}/cards/Reports`, { title: 'Audit reports' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(cardMessages.upgradePlan);
  });

  it('saves the drawer form: item fields, modified by, and visitors see the change', async () => {
    const s = await setUp();
    const item = await findCatalogueItem(s.db, s.product.id, 'data-security.encryption-at-rest');
    const response = await s.send('PATCH', `${s.base}/cards/DataSecurity`, {
      items: [
        {
          itemUid: item.id,
          enabledState: 'Enabled',
          explanation: 'AES-256 everywhere, keys in a KMS.',
          href: 'https://acme.example/security',
          listEntries: ['Databases', 'Backups'],
          recurrence: 'year',
          auditor: 'Schellman',
          expiry: '2027-01-31',
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const saved = (response.json() as CardView).items.find((entry) => entry.itemUid === item.id)!;
    expect(saved).toMatchObject({
      enabledState: 'Enabled',
      explanation: 'AES-256 everywhere, keys in a KMS.',
      href: 'https://acme.example/security',
      listEntries: ['Databases', 'Backups'],
      recurrence: 'year',
      auditor: 'Schellman',
      expiry: '2027-01-31',
      modifiedByName: 'Erin Editor',
      isLocked: false,
    });
    expect(saved.modifiedAt).not.toBeNull();
    const visitorCard = s.card(await s.publicView(), 'DataSecurity')!;
    expect(visitorCard.items.map((entry) => entry.itemUid)).toEqual([item.id]);
    expect(await s.auditActions()).toEqual(['card.updated']);
  });

  it('rejects the whole save when one item is invalid', async () => {
    const s = await setUp();
    const first = await findCatalogueItem(s.db, s.product.id, 'data-security.encryption-at-rest');
    const second = await findCatalogueItem(s.db, s.product.id, 'data-security.data-backups');
    const url = `${s.base}/cards/DataSecurity`;
    const good = { itemUid: first.id, enabledState: 'Enabled', explanation: 'Changed' };
    const badItems: [Record<string, unknown>, string][] = [
      [{ itemUid: second.id, title: 'x' }, cardMessages.itemTitleLength],
      [{ itemUid: second.id, title: 'y'.repeat(101) }, cardMessages.itemTitleLength],
      [{ itemUid: second.id, href: 'not a link' }, cardMessages.invalidUrl],
      [{ itemUid: second.id, href: 'javascript:alert(1)' }, cardMessages.invalidUrl],
      [{ itemUid: second.id, expiry: '2026-02-31x' }, cardMessages.invalidExpiry],
      // Once a 500 from the database ("date/time field value out of range"), issue 16 item 4.
      [{ itemUid: second.id, expiry: '2026-02-30' }, cardMessages.invalidExpiry],
      [{ itemUid: second.id, expiry: '2026-13-01' }, cardMessages.invalidExpiry],
      [{ itemUid: '00000000-0000-4000-8000-000000000000' }, cardMessages.unknownItems],
      [{ itemUid: first.id }, cardMessages.duplicateItems],
    ];
    for (const [bad, message] of badItems) {
      expectInvalid(await s.send('PATCH', url, { hidden: true, items: [good, bad] }), message);
    }
    const [row] = await s.db.select().from(items).where(eq(items.id, first.id));
    expect(row).toMatchObject({ enabledState: 'NotEnabled', explanation: first.explanation });
    expect(s.card(await s.staffView(), 'DataSecurity')?.isHidden).toBe(false);
    expect(await s.auditActions()).toEqual([]);
  });

  it('checks recurrence, maturity and item type: a custom report needs a type (spec 2 §5)', async () => {
    const s = await setUp();
    const created = await s.send('POST', `${s.base}/cards/Reports/items`, { title: 'Red team report' });
    expect(created.statusCode).toBe(201);
    const custom = created.json().itemUid as string;
    const url = `${s.base}/cards/Reports`;
    expectInvalid(
      await s.send('PATCH', url, { items: [{ itemUid: custom, type: 'Made up' }] }),
      cardMessages.itemTypeRequired,
    );
    expectInvalid(
      await s.send('PATCH', url, { items: [{ itemUid: custom, type: 'Other', recurrence: 'fortnight' }] }),
      cardMessages.invalidRecurrence,
    );
    expectInvalid(
      await s.send('PATCH', url, { items: [{ itemUid: custom, type: 'Other', maturity: 'Legendary' }] }),
      cardMessages.invalidMaturity,
    );
    const saved = await s.send('PATCH', url, {
      items: [{ itemUid: custom, type: 'Penetration test', recurrence: 'quarter', maturity: 'Managed' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as CardView).items.find((entry) => entry.itemUid === custom)).toMatchObject({
      type: 'Penetration test',
      recurrence: 'quarter',
      maturity: 'Managed',
    });
    // A built-in report may stay without a type; clearing a custom report's type is refused.
    const soc3 = await findCatalogueItem(s.db, s.product.id, 'reports.soc-3');
    expect(
      (await s.send('PATCH', url, { items: [{ itemUid: soc3.id, recurrence: 'year' }] })).statusCode,
    ).toBe(200);
    expectInvalid(
      await s.send('PATCH', url, { items: [{ itemUid: custom, type: null }] }),
      cardMessages.itemTypeRequired,
    );
  });

  it('refuses links to private or internal addresses, and hides such links stored earlier', async () => {
    const s = await setUp();
    const item = await findCatalogueItem(s.db, s.product.id, 'data-security.encryption-at-rest');
    const url = `${s.base}/cards/DataSecurity`;
    const internal = [
      'http://10.0.0.5/internal',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost/',
      'http://127.1:8080/',
      'http://0x7f000001/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]/',
      'https://192.168.1.1/admin',
      'https://100.64.0.1/',
      'https://[fc00::1]/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://intranet/',
      'https://printer.local/',
    ];
    for (const href of internal) {
      expectInvalid(
        await s.send('PATCH', url, { items: [{ itemUid: item.id, href }] }),
        cardMessages.privateUrl,
      );
    }
    const publicLink = await s.send('PATCH', url, {
      items: [
        { itemUid: item.id, enabledState: 'Enabled', publicAccess: true, href: 'https://10.example.com/x' },
      ],
    });
    expect(publicLink.statusCode).toBe(200);

    // A link saved before the rule existed is not shown, to visitors or in the editor.
    await s.db
      .update(items)
      .set({ href: 'http://169.254.169.254/latest/meta-data' })
      .where(eq(items.id, item.id));
    for (const view of [await s.publicView(), await s.staffView()]) {
      const shown = s.card(view, 'DataSecurity')?.items.find((entry) => entry.itemUid === item.id);
      expect(shown?.href ?? null).toBeNull();
      expect(JSON.stringify(view)).not.toContain('169.254.169.254');
    }
  });

  it('renames items only where allowed', async () => {
    const s = await setUp();
    const catalogue = await findCatalogueItem(s.db, s.product.id, 'data-security.data-backups');
    const renamed = await s.send('PATCH', `${s.base}/cards/DataSecurity`, {
      items: [{ itemUid: catalogue.id, title: 'Backups, tested' }],
    });
    expect(renamed.statusCode).toBe(200);
    const certification = await findCatalogueItem(s.db, s.product.id, 'certifications.soc-1');
    expectInvalid(
      await s.send('PATCH', `${s.base}/cards/Certifications`, {
        items: [{ itemUid: certification.id, title: 'SOC 2 Type II' }],
      }),
      cardMessages.itemRenameNotAllowed,
    );
    const grade = await findCatalogueItem(s.db, s.product.id, 'security-grades.security-scorecard');
    expectInvalid(
      await s.send('PATCH', `${s.base}/cards/SecurityGrades`, {
        items: [{ itemUid: grade.id, title: 'Grade' }],
      }),
      cardMessages.itemRenameNotAllowed,
    );

    const off = await setUp({ planFeatures: { cardTitleRenaming: false } });
    const offItem = await findCatalogueItem(off.db, off.product.id, 'data-security.data-backups');
    expectInvalid(
      await off.send('PATCH', `${off.base}/cards/DataSecurity`, {
        items: [{ itemUid: offItem.id, title: 'Renamed' }],
      }),
      cardMessages.itemRenameNotAllowed,
    );
    const custom = await createItem(off.db, off.product, { cardKind: 'DataSecurity', title: 'Our own item' });
    const customRenamed = await off.send('PATCH', `${off.base}/cards/DataSecurity`, {
      items: [{ itemUid: custom.id, title: 'Our own item, renamed' }],
    });
    expect(customRenamed.statusCode).toBe(200);
  });

  it('needs the restricted-files feature to hide a restricted item', async () => {
    const s = await setUp({ planFeatures: { restrictedFiles: false } });
    const item = await findCatalogueItem(s.db, s.product.id, 'reports.soc-2-type-2');
    const refused = await s.send('PATCH', `${s.base}/cards/Reports`, {
      items: [{ itemUid: item.id, publicAccess: false, hidden: true }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(cardMessages.upgradePlan);
  });
});

describe('PATCH .../cards/:kind/items (item order)', () => {
  it('saves the custom order of exactly the card’s items', async () => {
    const s = await setUp();
    const rows = await s.db
      .select()
      .from(items)
      .where(and(eq(items.productId, s.product.id), eq(items.cardKind, 'Infrastructure')));
    await s.db.update(items).set({ enabledState: 'Enabled' }).where(eq(items.cardKind, 'Infrastructure'));
    const order = rows.map((row) => row.id).reverse();
    const response = await s.send('PATCH', `${s.base}/cards/Infrastructure/items`, { items: order });
    expect(response.statusCode).toBe(200);
    expect((response.json() as CardView).items.map((item) => item.itemUid)).toEqual(order);
    expect(s.card(await s.publicView(), 'Infrastructure')?.items.map((item) => item.itemUid)).toEqual(order);
    expect(await s.auditActions()).toEqual(['card.items_reordered']);
  });

  it('refuses unknown, missing and repeated items', async () => {
    const s = await setUp();
    const rows = await s.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.productId, s.product.id), eq(items.cardKind, 'Legal')));
    const ids = rows.map((row) => row.id);
    const other = await findCatalogueItem(s.db, s.product.id, 'data-security.data-backups');
    const url = `${s.base}/cards/Legal/items`;
    expectInvalid(await s.send('PATCH', url, { items: ids.slice(1) }), cardMessages.unknownItems);
    expectInvalid(
      await s.send('PATCH', url, { items: [...ids.slice(1), other.id] }),
      cardMessages.unknownItems,
    );
    expectInvalid(await s.send('PATCH', url, { items: [...ids, ids[0]] }), cardMessages.duplicateItems);
    expect((await s.send('PATCH', url, { items: ['not-a-uuid'] })).statusCode).toBe(400);
    expect(await s.auditActions()).toEqual([]);
  });
});

describe('custom items', () => {
  it('adds an untitled item that visitors never see until it is named', async () => {
    const s = await setUp();
    const created = await s.send('POST', `${s.base}/cards/DataSecurity/items`, {});
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      title: '',
      isCustom: true,
      enabledState: 'Enabled',
      modifiedByName: 'Erin Editor',
    });
    expect(s.card(await s.publicView(), 'DataSecurity')?.items).toEqual([]);
    expect(s.card(await s.staffView(), 'DataSecurity')?.items.map((entry) => entry.itemUid)).toContain(
      item.itemUid,
    );

    const url = `${s.base}/cards/DataSecurity`;
    expectInvalid(
      await s.send('PATCH', url, { items: [{ itemUid: item.itemUid, explanation: 'Untitled' }] }),
      cardMessages.itemTitleLength,
    );
    const named = await s.send('PATCH', url, {
      items: [
        { itemUid: item.itemUid, title: 'Hardware security modules', explanation: 'FIPS 140-2 level 3.' },
      ],
    });
    expect(named.statusCode).toBe(200);
    const visitorItems = s.card(await s.publicView(), 'DataSecurity')!.items;
    expect(visitorItems).toMatchObject([
      { title: 'Hardware security modules', explanation: 'FIPS 140-2 level 3.' },
    ]);
    expect(await s.auditActions()).toEqual(['item.created', 'card.updated']);
  });

  it('takes a title of 2 to 100 characters, and no custom items where the card allows none', async () => {
    const s = await setUp();
    const titled = await s.send('POST', `${s.base}/cards/Legal/items`, { title: 'Security addendum' });
    expect(titled.json().title).toBe('Security addendum');
    expectInvalid(
      await s.send('POST', `${s.base}/cards/Legal/items`, { title: 'x' }),
      cardMessages.itemTitleLength,
    );
    expectInvalid(
      await s.send('POST', `${s.base}/cards/Legal/items`, { title: 'x'.repeat(101) }),
      cardMessages.itemTitleLength,
    );
    for (const kind of ['RiskProfile', 'Certifications', 'Subprocessors', 'CustomerData']) {
      expectInvalid(
        await s.send('POST', `${s.base}/cards/${kind}/items`, { title: 'Something' }),
        cardMessages.customItemsNotAllowed,
      );
    }
  });

  it('deletes custom items only', async () => {
    const s = await setUp();
    const custom = await createItem(s.db, s.product, { cardKind: 'Legal', title: 'Old addendum' });
    const deleted = await s.send('DELETE', `${s.base}/items/${custom.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await s.db.select().from(items).where(eq(items.id, custom.id))).toEqual([]);
    const catalogue = await findCatalogueItem(s.db, s.product.id, 'legal.dpa');
    expectInvalid(
      await s.send('DELETE', `${s.base}/items/${catalogue.id}`),
      cardMessages.catalogueItemNotDeletable,
    );
    const missing = await s.send('DELETE', `${s.base}/items/${custom.id}`);
    expect(missing.statusCode).toBe(404);
    expect(await s.auditActions()).toEqual(['item.deleted']);
  });
});

describe('PATCH .../items/:itemUid (move and custom URL)', () => {
  it('moves an item to another card', async () => {
    const s = await setUp();
    const item = await findCatalogueItem(s.db, s.product.id, 'data-security.data-backups');
    await s.db.update(items).set({ enabledState: 'Enabled' }).where(eq(items.id, item.id));
    const moved = await s.send('PATCH', `${s.base}/items/${item.id}`, {
      destinationCardId: 'BusinessContinuity',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      itemUid: item.id,
      cardKind: 'BusinessContinuity',
      title: 'Data backups',
    });
    const view = await s.publicView();
    expect(s.card(view, 'BusinessContinuity')?.items.map((entry) => entry.itemUid)).toContain(item.id);
    expect(s.card(view, 'DataSecurity')?.items.map((entry) => entry.itemUid)).not.toContain(item.id);
    expect(await s.auditActions()).toEqual(['item.moved']);
  });

  it('never moves to the forbidden cards or the current one', async () => {
    const s = await setUp();
    const item = await findCatalogueItem(s.db, s.product.id, 'data-security.data-backups');
    const forbidden = [
      'Overview',
      'Documents',
      'Certifications',
      'TrustedBy',
      'Subprocessors',
      'CustomerData',
      'RiskProfile',
      'SecurityGrades',
      'DataSecurity',
    ];
    for (const destinationCardId of forbidden) {
      expectInvalid(
        await s.send('PATCH', `${s.base}/items/${item.id}`, { destinationCardId }),
        cardMessages.cardNotMovable,
      );
    }
    expect(
      (await s.send('PATCH', `${s.base}/items/${item.id}`, { destinationCardId: 'Moon' })).statusCode,
    ).toBe(400);
    expect((await s.send('PATCH', `${s.base}/items/${item.id}`, {})).statusCode).toBe(400);
    expect(await s.auditActions()).toEqual([]);
  });

  // Items on a card that accepts no items could leave it but never come back (issue 16 item 2).
  it('never moves an item away from a card that accepts no moves, so every move can be undone', async () => {
    const s = await setUp();
    const certification = await findCatalogueItem(s.db, s.product.id, 'certifications.soc-1');
    const question = await findCatalogueItem(s.db, s.product.id, 'risk-profile.data-access');
    const grade = await findCatalogueItem(s.db, s.product.id, 'security-grades.security-scorecard');
    for (const item of [certification, question, grade]) {
      expectInvalid(
        await s.send('PATCH', `${s.base}/items/${item.id}`, { destinationCardId: 'BusinessContinuity' }),
        cardMessages.itemNotMovable,
      );
    }
    const backups = await findCatalogueItem(s.db, s.product.id, 'data-security.data-backups');
    for (const destinationCardId of ['BusinessContinuity', 'DataSecurity']) {
      const moved = await s.send('PATCH', `${s.base}/items/${backups.id}`, { destinationCardId });
      expect(moved.statusCode).toBe(200);
    }
    expect(await s.auditActions()).toEqual(['item.moved', 'item.moved']);
  });

  // A custom slug equal to another item's title slug would re-target links already shared (issue 16 item 3).
  it('refuses a custom URL slug that another item of the product already answers to', async () => {
    const s = await setUp();
    const item = await findCatalogueItem(s.db, s.product.id, 'reports.soc-3');
    const holder = await findCatalogueItem(s.db, s.product.id, 'data-security.data-backups');
    const taken = await s.send('PATCH', `${s.base}/items/${item.id}`, { customUrlSlug: 'data-backups' });
    expectInvalid(taken, cardMessages.slugInUse(holder.title), 409);
    const own = await s.send('PATCH', `${s.base}/items/${holder.id}`, { customUrlSlug: 'data-backups' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ customUrlSlug: 'data-backups', slug: 'data-backups' });
  });

  it('sets a custom URL slug, unique across the organisation', async () => {
    const s = await setUp();
    const item = await findCatalogueItem(s.db, s.product.id, 'reports.soc-2-type-2');
    const other = await findCatalogueItem(s.db, s.product.id, 'reports.soc-3');
    const saved = await s.send('PATCH', `${s.base}/items/${item.id}`, { customUrlSlug: 'soc-2-report' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ customUrlSlug: 'soc-2-report', cardKind: 'Reports' });
    const taken = await s.send('PATCH', `${s.base}/items/${other.id}`, { customUrlSlug: 'soc-2-report' });
    const error = expectInvalid(taken, cardMessages.slugInUse('SOC 2 Type II report'), 409);
    expect(error.code).toBe('conflict');
    const cases: [string, string][] = [
      ['Not Valid', cardMessages.slugInvalid],
      ['under_score', cardMessages.slugInvalid],
      ['', cardMessages.slugInvalid],
      ['a'.repeat(100), cardMessages.slugTooLong],
    ];
    for (const [customUrlSlug, message] of cases) {
      expectInvalid(await s.send('PATCH', `${s.base}/items/${other.id}`, { customUrlSlug }), message);
    }
    expect(await s.auditActions()).toEqual(['item.custom_url_set']);
  });
});

describe('PUT and DELETE .../cards/:kind/icon', () => {
  it('stores a PNG and a sanitised SVG, serves them, and resets to the default', async () => {
    const s = await setUp();
    const url = `${s.base}/cards/DataSecurity/icon`;
    const saved = await s.send('PUT', url, png, { 'content-type': 'image/png' });
    expect(saved.statusCode).toBe(200);
    const { iconUrl } = saved.json();
    expect(iconUrl).toMatch(new RegExp(`^/api/share/${s.organisation.id}/assets/[0-9a-f-]+\\?v=\\d+$`));
    const image = await t.app.inject({ url: iconUrl });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(s.card(await s.publicView(), 'DataSecurity')?.iconUrl).toBe(iconUrl);

    const svg = await s.send('PUT', url, cleanSvg, { 'content-type': 'image/svg+xml' });
    expect(svg.statusCode).toBe(200);
    const served = await t.app.inject({ url: svg.json().iconUrl });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.body).toContain('<circle');
    expect((await t.app.inject({ url: iconUrl })).statusCode).toBe(404);

    const jpegSaved = await s.send('PUT', `${s.base}/cards/Reports/icon`, jpeg, {
      'content-type': 'image/jpeg',
    });
    expect(jpegSaved.statusCode).toBe(200);

    const reset = await s.send('DELETE', url);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ iconUrl: null });
    expect(s.card(await s.publicView(), 'DataSecurity')?.iconUrl).toBeNull();
    expect(await s.auditActions()).toEqual([
      'card.icon_changed',
      'card.icon_changed',
      'card.icon_changed',
      'card.icon_reset',
    ]);
  });

  it('refuses what is not a PNG, JPEG or safe SVG, and anything over 1 MB', async () => {
    const s = await setUp();
    const url = `${s.base}/cards/DataSecurity/icon`;
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const cases: [Buffer | string, string, string, number][] = [
      [gif, 'image/png', cardMessages.iconType, 400],
      [gif, 'image/gif', cardMessages.iconType, 400],
      [png, 'image/jpeg', cardMessages.iconType, 400],
      [png, 'text/plain', cardMessages.iconType, 400],
      ['<html><body>hi</body></html>', 'image/svg+xml', cardMessages.iconType, 400],
      ['<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', 'image/svg+xml', cardMessages.iconType, 400],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'image/svg+xml',
        cardMessages.iconUnsafe,
        400,
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" onload="alert(1)"/></svg>',
        'image/svg+xml',
        cardMessages.iconUnsafe,
        400,
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>',
        'image/svg+xml',
        cardMessages.iconUnsafe,
        400,
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://evil.example/x.png"/></svg>',
        'image/svg+xml',
        cardMessages.iconUnsafe,
        400,
      ],
      [
        '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
        'image/svg+xml',
        cardMessages.iconUnsafe,
        400,
      ],
      [Buffer.concat([png, Buffer.alloc(1024 * 1024)]), 'image/png', cardMessages.iconTooLarge, 413],
      [Buffer.alloc(0), 'image/png', cardMessages.iconRequired, 400],
    ];
    for (const [body, contentType, message, status] of cases) {
      expectInvalid(await s.send('PUT', url, body, { 'content-type': contentType }), message, status);
    }
    expectInvalid(
      await s.send('PUT', `${s.base}/cards/Overview/icon`, png, { 'content-type': 'image/png' }),
      cardMessages.actionNotAllowed,
    );
    expect(s.card(await s.staffView(), 'DataSecurity')?.iconUrl).toBeNull();
    expect(await s.auditActions()).toEqual([]);
  });

  it('needs assets:edit and the replace-icons feature', async () => {
    const withoutAssets = await setUp({ role: 'reviewer' });
    const refused = await withoutAssets.send('PUT', `${withoutAssets.base}/cards/DataSecurity/icon`, png, {
      'content-type': 'image/png',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'forbidden', message: messages.roleForbidden('Reviewer') });
    const noFeature = await setUp({ planFeatures: { replaceIcons: false } });
    const locked = await noFeature.send('PUT', `${noFeature.base}/cards/DataSecurity/icon`, png, {
      'content-type': 'image/png',
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe(cardMessages.upgradePlan);
  });
});

describe('who may write', () => {
  const writes = (itemId: string) => [
    { method: 'PATCH' as const, path: '', payload: { sections: defaultSectionOrder } },
    { method: 'PATCH' as const, path: '/cards', payload: { cards: defaultCardOrder } },
    { method: 'PATCH' as const, path: '/cards/DataSecurity', payload: { hidden: true } },
    { method: 'PATCH' as const, path: '/cards/Legal/items', payload: { items: [] } },
    { method: 'POST' as const, path: '/cards/Legal/items', payload: { title: 'New item' } },
    { method: 'DELETE' as const, path: `/items/${itemId}`, payload: undefined },
    { method: 'PATCH' as const, path: `/items/${itemId}`, payload: { destinationCardId: 'Legal' } },
    { method: 'PUT' as const, path: '/cards/DataSecurity/icon', payload: png },
    { method: 'DELETE' as const, path: '/cards/DataSecurity/icon', payload: undefined },
  ];

  it('refuses visitors, members, staff without statuspage:edit, staff of another organisation and missing CSRF', async () => {
    const db = t.database.db;
    const { organisation, product } = await createOrganisation(db);
    const custom = await createItem(db, product, { cardKind: 'DataSecurity', title: 'Keep me' });
    const { member } = await createAccountMember(db, organisation.id);
    const memberSession = await createTestSession(db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    const reader = await createStaffUser(db, organisation.id, { role: 'viewer' });
    const readerSession = await createTestSession(db, {
      organisationId: organisation.id,
      staffUserId: reader.id,
    });
    const { organisation: otherOrganisation } = await createOrganisation(db);
    const outsider = await createStaffUser(db, otherOrganisation.id);
    const outsiderSession = await createTestSession(db, {
      organisationId: otherOrganisation.id,
      staffUserId: outsider.id,
    });
    const editor = await createStaffUser(db, organisation.id);
    const editorSession = await createTestSession(db, {
      organisationId: organisation.id,
      staffUserId: editor.id,
    });

    const callers = [
      { name: 'anonymous', cookies: {}, headers: {}, status: 401 },
      { name: 'member', cookies: memberSession.cookies, headers: memberSession.headers, status: 401 },
      {
        name: 'read-only staff',
        cookies: readerSession.cookies,
        headers: readerSession.headers,
        status: 403,
      },
      // A product of another organisation is not theirs to know about: not found.
      {
        name: 'other organisation',
        cookies: outsiderSession.cookies,
        headers: outsiderSession.headers,
        status: 404,
      },
      { name: 'editor without CSRF', cookies: editorSession.cookies, headers: {}, status: 403 },
    ];
    const failures: string[] = [];
    for (const caller of callers) {
      for (const write of writes(custom.id)) {
        const response = await t.app.inject({
          method: write.method,
          url: `/api/trust-center/products/${product.id}${write.path}`,
          payload: write.payload as never,
          cookies: caller.cookies,
          headers: {
            ...caller.headers,
            ...(Buffer.isBuffer(write.payload) ? { 'content-type': 'image/png' } : {}),
          },
        });
        if (response.statusCode !== caller.status)
          failures.push(`${caller.name} ${write.method} ${write.path}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), ne(auditLog.action, 'staff.signed_in')));
    expect(audit).toEqual([]);
    expect(await db.select().from(items).where(eq(items.id, custom.id))).toHaveLength(1);
    const [row] = await db.select().from(organisations).where(eq(organisations.id, organisation.id));
    expect(row!.revision).toBe(organisation.revision);
  });
});
