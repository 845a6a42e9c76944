import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createItem,
  createOrganisation,
  createProduct,
  createStaffUser,
  updateCard,
} from '../../test/factories';
import { pageData } from '../../test/page-data';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const meta = (html: string, property: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`))?.[1];
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)">/)?.[1];

async function organisationWithItems() {
  const { organisation, product } = await createOrganisation(t.database.db, { name: 'Wayne Security' });
  const visible = await createItem(t.database.db, product, {
    cardKind: 'DataSecurity',
    title: 'Disk Encryption at Rest',
    explanation: 'All customer data is encrypted with AES-256.\nKeys rotate yearly.',
  });
  const custom = await createItem(t.database.db, product, {
    cardKind: 'Legal',
    title: 'Master Services Agreement',
    customUrlSlug: 'msa',
  });
  const locked = await createItem(t.database.db, product, {
    cardKind: 'Reports',
    title: 'Red Team Exercise',
    explanation: 'Secret findings of the red team',
    isPublic: false,
  });
  const restrictedHidden = await createItem(t.database.db, product, {
    cardKind: 'Reports',
    title: 'Board Security Memo',
    isPublic: false,
    isHidden: true,
  });
  const notEnabled = await createItem(t.database.db, product, {
    cardKind: 'DataSecurity',
    title: 'Quantum Safe Vault',
    enabledState: 'NotEnabled',
  });
  await updateCard(t.database.db, product.id, 'Esg', { isHidden: true });
  const onHiddenCard = await createItem(t.database.db, product, { cardKind: 'Esg', title: 'Carbon Ledger' });
  return { organisation, product, visible, custom, locked, restrictedHidden, notEnabled, onHiddenCard };
}

describe('item permalinks', () => {
  it('answers a visible item with the portal, the item in the head and its uid inlined to open', async () => {
    const { organisation, visible } = await organisationWithItems();
    const response = await t.app.inject({ url: `/${organisation.slug}/item/disk-encryption-at-rest` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(titleOf(html)).toBe('Disk Encryption at Rest | Trust Center | Wayne Security');
    expect(meta(html, 'og:title')).toBe('Disk Encryption at Rest | Trust Center | Wayne Security');
    expect(meta(html, 'og:description')).toBe(
      'All customer data is encrypted with AES-256. Keys rotate yearly.',
    );
    expect(meta(html, 'description')).toBe(
      'All customer data is encrypted with AES-256. Keys rotate yearly.',
    );
    expect(canonicalOf(html)).toBe(`http://attest.test/${organisation.slug}/item/disk-encryption-at-rest`);
    expect(meta(html, 'og:url')).toBe(`http://attest.test/${organisation.slug}/item/disk-encryption-at-rest`);
    expect(pageData(html).openItemUid).toBe(visible.id);
  });

  it('prefers the custom url slug, and the same item is not reachable by its title any more', async () => {
    const { organisation, custom } = await organisationWithItems();
    const bySlug = await t.app.inject({ url: `/${organisation.slug}/item/msa` });
    expect(bySlug.statusCode).toBe(200);
    expect(pageData(bySlug.body).openItemUid).toBe(custom.id);
    expect(titleOf(bySlug.body)).toContain('Master Services Agreement');
    const byTitle = await t.app.inject({ url: `/${organisation.slug}/item/master-services-agreement` });
    expect(byTitle.statusCode).toBe(404);
  });

  it('keeps a locked item’s content out of the head: title only, and a description that names it', async () => {
    const { organisation, locked } = await organisationWithItems();
    const response = await t.app.inject({ url: `/${organisation.slug}/item/red-team-exercise` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Secret findings');
    expect(meta(response.body, 'og:title')).toContain('Red Team Exercise');
    expect(meta(response.body, 'og:description')).toBe(
      'Red Team Exercise: Reports on Wayne Security&#39;s Trust Center.',
    );
    expect(pageData(response.body).openItemUid).toBe(locked.id);
  });

  it('answers 404 for items the visitor may not see, without their titles anywhere', async () => {
    const { organisation } = await organisationWithItems();
    const invisible = [
      ['board-security-memo', 'Board Security Memo'],
      ['quantum-safe-vault', 'Quantum Safe Vault'],
      ['carbon-ledger', 'Carbon Ledger'],
      ['no-such-item', 'No such item'],
    ];
    for (const [slug, title] of invisible) {
      const response = await t.app.inject({ url: `/${organisation.slug}/item/${slug}` });
      expect(response.statusCode, slug).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).not.toContain(title);
      expect(response.body).toContain('Page not found');
    }
  });

  it('shows staff in Main mode the items visitors cannot reach', async () => {
    const { organisation, notEnabled } = await organisationWithItems();
    const staff = await createStaffUser(t.database.db, organisation.id);
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: staff.id,
    });
    const response = await t.app.inject({
      url: `/${organisation.slug}/item/quantum-safe-vault`,
      cookies: session.cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(pageData(response.body).openItemUid).toBe(notEnabled.id);
    const carbon = await t.app.inject({
      url: `/${organisation.slug}/item/carbon-ledger`,
      cookies: session.cookies,
    });
    expect(carbon.statusCode).toBe(200);
  });

  // Namesakes on different cards once shared one address (issue 16 item 3).
  it('gives namesakes their own addresses, the older keeping the plain slug', async () => {
    const { organisation, product } = await createOrganisation(t.database.db, { name: 'Namesakes' });
    const certification = await createItem(t.database.db, product, {
      cardKind: 'Certifications',
      title: 'CCPA',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const privacy = await createItem(t.database.db, product, {
      cardKind: 'DataPrivacy',
      title: 'CCPA',
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    const first = await t.app.inject({ url: `/${organisation.slug}/item/ccpa` });
    expect(pageData(first.body).openItemUid).toBe(certification.id);
    const second = await t.app.inject({ url: `/${organisation.slug}/item/ccpa-2` });
    expect(pageData(second.body).openItemUid).toBe(privacy.id);
    expect(canonicalOf(second.body)).toBe(`http://attest.test/${organisation.slug}/item/ccpa-2`);
    const slugs = pageData(first.body)
      .view.cards.flatMap((card) => card.items)
      .map((item) => item.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('with several products, links by product and finds each item only under its own product', async () => {
    const { organisation } = await organisationWithItems();
    const gadget = await createProduct(t.database.db, organisation.id, { name: 'Gadget', slug: 'gadget' });
    const gadgetItem = await createItem(t.database.db, gadget, {
      cardKind: 'Infrastructure',
      title: 'Gadget Uptime',
    });
    const response = await t.app.inject({ url: `/${organisation.slug}/product/gadget/gadget-uptime` });
    expect(response.statusCode).toBe(200);
    expect(pageData(response.body).openItemUid).toBe(gadgetItem.id);
    expect(pageData(response.body).view.product.productName).toBe('Gadget');
    expect(canonicalOf(response.body)).toBe(
      `http://attest.test/${organisation.slug}/product/gadget/gadget-uptime`,
    );
    const elsewhere = await t.app.inject({ url: `/${organisation.slug}/product/platform/gadget-uptime` });
    expect(elsewhere.statusCode).toBe(404);
    const platformItem = await t.app.inject({
      url: `/${organisation.slug}/product/platform/disk-encryption-at-rest`,
    });
    expect(platformItem.statusCode).toBe(200);
  });

  it('resolves permalinks on the organisation’s own domain', async () => {
    const { organisation, product } = await createOrganisation(t.database.db, {
      name: 'Stark Trust',
      customDomain: 'trust.stark.example',
    });
    const item = await createItem(t.database.db, product, {
      cardKind: 'Policies',
      title: 'Clean Desk Policy',
    });
    const response = await t.app.inject({
      url: '/item/clean-desk-policy',
      headers: { host: 'trust.stark.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(pageData(response.body).view.organisation.id).toBe(organisation.id);
    expect(pageData(response.body).openItemUid).toBe(item.id);
    expect(canonicalOf(response.body)).toBe('https://trust.stark.example/item/clean-desk-policy');
    const missing = await t.app.inject({ url: '/item/dirty-desk', headers: { host: 'trust.stark.example' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('?itemUid= on the portal page', () => {
  it('describes a visible item in the head and inlines it to open', async () => {
    const { organisation, visible } = await organisationWithItems();
    const response = await t.app.inject({ url: `/${organisation.slug}?itemUid=${visible.id}` });
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Disk Encryption at Rest | Trust Center | Wayne Security');
    expect(pageData(response.body).openItemUid).toBe(visible.id);
  });

  it('leaves the page as it is for an item the visitor may not see, and never leaks its title', async () => {
    const { organisation, restrictedHidden, notEnabled, onHiddenCard } = await organisationWithItems();
    for (const item of [restrictedHidden, notEnabled, onHiddenCard]) {
      const response = await t.app.inject({ url: `/${organisation.slug}?itemUid=${item.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(item.title);
      expect(titleOf(response.body)).toBe('Trust Center | Wayne Security');
      expect(pageData(response.body).openItemUid).toBeUndefined();
    }
  });
});
