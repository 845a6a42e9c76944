import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardKind } from '../../shared/card-kinds';
import type { CardView, EnabledState } from '../../shared/cards';
import type { StaffPermission } from '../../shared/permissions';
import type { PublicAccessLevel } from '../../shared/portal';
import {
  createAccountMember,
  createItem,
  createOrganisation,
  createPermissionProfile,
  createProduct,
  createProductLink,
  createStaffUser,
  updateCard,
} from '../test/factories';
import { createTestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The policy matrix: every viewer against every resource state, through every surface that shows
 * content. A resource a viewer may not see must not appear in any surface's output. Items carry one
 * marker in the title and another in the explanation, so a content leak is caught apart from a title
 * leak. Later issues add resources (documents, updates, KB entries) and surfaces (search, feeds, exports).
 */

type ViewerKind =
  | 'anonymous'
  | 'member-approved'
  | 'member-with-profile'
  | 'member-pending'
  | 'member-declined'
  | 'member-expired'
  | 'staff-editor'
  | 'staff-read-only'
  | 'staff-preview-public'
  | 'staff-preview-account'
  | 'staff-preview-profile'
  | 'staff-of-other-org';

const viewerKinds: ViewerKind[] = [
  'anonymous',
  'member-approved',
  'member-with-profile',
  'member-pending',
  'member-declined',
  'member-expired',
  'staff-editor',
  'staff-read-only',
  'staff-preview-public',
  'staff-preview-account',
  'staff-preview-profile',
  'staff-of-other-org',
];

const expectedMode: Record<ViewerKind, string> = {
  anonymous: 'public',
  'member-approved': 'account_external',
  'member-with-profile': 'account_external',
  'member-pending': 'public',
  'member-declined': 'public',
  'member-expired': 'public',
  'staff-editor': 'main',
  'staff-read-only': 'main',
  'staff-preview-public': 'preview',
  'staff-preview-account': 'preview',
  'staff-preview-profile': 'preview',
  'staff-of-other-org': 'public',
};

/** Viewers that act as an authorised account, and those whose account (or preview) has the profile. */
const actsAsAccount = new Set<ViewerKind>([
  'member-approved',
  'member-with-profile',
  'staff-preview-account',
  'staff-preview-profile',
]);
const hasProfile = new Set<ViewerKind>(['member-with-profile', 'staff-preview-profile']);

type Access = 'public' | 'restricted' | 'restricted-hidden';
type ItemCase = {
  access: Access;
  state: EnabledState;
  isCardHidden: boolean;
  isInProfile: boolean;
};

/** The spec's rules, written out independently of the implementation (spec 2 §4, §6; spec 3 §6). */
function canSeeTitle(viewer: ViewerKind, item: ItemCase, level: PublicAccessLevel): boolean {
  if (isMainMode(viewer)) return true;
  if (item.isCardHidden || item.state === 'NotEnabled') return false;
  if (item.access === 'public') return true;
  if (item.access === 'restricted-hidden') return hasProfile.has(viewer) && item.isInProfile;
  return actsAsAccount.has(viewer) || level === 'full';
}

function canSeeContent(viewer: ViewerKind, item: ItemCase, level: PublicAccessLevel): boolean {
  if (!canSeeTitle(viewer, item, level)) return false;
  if (isMainMode(viewer) || item.access === 'public') return true;
  if (hasProfile.has(viewer) && item.isInProfile) return true;
  return item.access === 'restricted' && actsAsAccount.has(viewer);
}

const itemCases: ItemCase[] = (['public', 'restricted', 'restricted-hidden'] as const).flatMap((access) =>
  (['Enabled', 'WorkInProgress', 'NotEnabled'] as const).flatMap((state) =>
    [false, true].flatMap((isCardHidden) =>
      [false, true].map((isInProfile) => ({ access, state, isCardHidden, isInProfile })),
    ),
  ),
);
const describeCase = (item: ItemCase) =>
  `${item.access}/${item.state}/${item.isCardHidden ? 'hidden card' : 'shown card'}/${item.isInProfile ? 'in profile' : 'not in profile'}`;

type Resource = { marker: string; isVisibleTo: (viewer: ViewerKind) => boolean };
type ViewerRequest = { cookies: Record<string, string>; query: string };
type Surface = { name: string; read: (slug: string, viewer: ViewerRequest) => Promise<string> };

const publicAccessLevels: PublicAccessLevel[] = ['full', 'public_content_only', 'minimal'];
function isMainMode(viewer: ViewerKind) {
  return expectedMode[viewer] === 'main';
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const surfaces: Surface[] = [
  {
    name: 'GET {base}/view',
    read: async (slug, viewer) => {
      const response = await t.app.inject({
        url: `/api/statuspage/share/${slug}/view${viewer.query}`,
        cookies: viewer.cookies,
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    },
  },
  {
    name: 'HTML /:org (page and inline page data)',
    read: async (slug, viewer) => {
      const response = await t.app.inject({ url: `/${slug}${viewer.query}`, cookies: viewer.cookies });
      expect(response.statusCode).toBe(200);
      return response.body;
    },
  },
];

type ItemMarkers = { item: ItemCase; itemUid: string; title: string; explanation: string };

async function setUpOrganisation(publicAccessLevel: PublicAccessLevel) {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { customisation: { publicAccessLevel } });
  const { organisation: otherOrganisation } = await createOrganisation(db);
  const resources: Resource[] = [];
  const shownMarker = `shown-product-${organisation.slug}`;
  const hiddenMarker = `hidden-product-${organisation.slug}`;
  await createProduct(db, organisation.id, { name: shownMarker });
  await createProduct(db, organisation.id, { name: hiddenMarker, isShown: false });
  resources.push({ marker: shownMarker, isVisibleTo: () => true });
  resources.push({ marker: hiddenMarker, isVisibleTo: isMainMode });
  const shownLinkMarker = `shown-link-${organisation.slug}`;
  const hiddenLinkMarker = `hidden-link-${organisation.slug}`;
  await createProductLink(db, organisation.id, { name: shownLinkMarker });
  await createProductLink(db, organisation.id, { name: hiddenLinkMarker, isShown: false });
  resources.push({ marker: shownLinkMarker, isVisibleTo: () => true });
  resources.push({ marker: hiddenLinkMarker, isVisibleTo: isMainMode });

  const shownCard: CardKind = 'DataSecurity';
  const hiddenCard: CardKind = 'Esg';
  const shownCardMarker = `shown-card-${organisation.slug}-end`;
  const hiddenCardMarker = `hidden-card-${organisation.slug}-end`;
  await updateCard(db, product.id, shownCard, { title: shownCardMarker });
  await updateCard(db, product.id, hiddenCard, { title: hiddenCardMarker, isHidden: true });
  resources.push({ marker: shownCardMarker, isVisibleTo: () => true });
  resources.push({ marker: hiddenCardMarker, isVisibleTo: isMainMode });

  const items: ItemMarkers[] = [];
  const profileItemIds: string[] = [];
  for (const [index, item] of itemCases.entries()) {
    const number = String(index).padStart(2, '0');
    const title = `item-title-${organisation.slug}-${number}-end`;
    const explanation = `item-content-${organisation.slug}-${number}-end`;
    const created = await createItem(db, product, {
      cardKind: item.isCardHidden ? hiddenCard : shownCard,
      title,
      explanation,
      href: `https://example.com/${explanation}`,
      enabledState: item.state,
      isPublic: item.access === 'public',
      isHidden: item.access === 'restricted-hidden',
    });
    if (item.isInProfile) profileItemIds.push(created.id);
    items.push({ item, itemUid: created.id, title, explanation });
    resources.push({ marker: title, isVisibleTo: (viewer) => canSeeTitle(viewer, item, publicAccessLevel) });
    resources.push({
      marker: explanation,
      isVisibleTo: (viewer) => canSeeContent(viewer, item, publicAccessLevel),
    });
  }
  const profile = await createPermissionProfile(db, organisation.id, { itemIds: profileItemIds });

  const past = new Date(Date.now() - 60_000);
  const memberSession = async (account: Parameters<typeof createAccountMember>[2]) => {
    const { member } = await createAccountMember(db, organisation.id, account);
    return (await createTestSession(db, { organisationId: organisation.id, accountMemberId: member.id }))
      .cookies;
  };
  const staffSession = async (organisationId: string, permissions?: StaffPermission[]) => {
    const staff = await createStaffUser(db, organisationId, { permissions });
    return (await createTestSession(db, { organisationId, staffUserId: staff.id })).cookies;
  };
  const { account: previewAccount } = await createAccountMember(db, organisation.id);
  const editorCookies = await staffSession(organisation.id);
  const viewers: Record<ViewerKind, ViewerRequest> = {
    anonymous: { cookies: {}, query: '' },
    'member-approved': { cookies: await memberSession({ reviewStatus: 'approved' }), query: '' },
    'member-with-profile': {
      cookies: await memberSession({ reviewStatus: 'approved', permissionProfileId: profile.id }),
      query: '',
    },
    'member-pending': { cookies: await memberSession({ reviewStatus: 'pending' }), query: '' },
    'member-declined': { cookies: await memberSession({ reviewStatus: 'declined' }), query: '' },
    'member-expired': {
      cookies: await memberSession({ reviewStatus: 'approved', accessExpiresAt: past }),
      query: '',
    },
    'staff-editor': { cookies: editorCookies, query: '' },
    'staff-read-only': { cookies: await staffSession(organisation.id, ['files:view']), query: '' },
    'staff-preview-public': { cookies: editorCookies, query: '?preview=public' },
    'staff-preview-account': { cookies: editorCookies, query: `?accountId=${previewAccount.id}` },
    'staff-preview-profile': { cookies: editorCookies, query: `?permissionProfileId=${profile.id}` },
    'staff-of-other-org': { cookies: await staffSession(otherOrganisation.id), query: '' },
  };
  return { slug: organisation.slug, resources, viewers, items };
}

const contentFields = [
  'explanation',
  'href',
  'listEntries',
  'type',
  'maturity',
  'recurrence',
  'auditor',
  'expiry',
] as const;

describe.each(publicAccessLevels)('policy matrix with publicAccessLevel %s', (publicAccessLevel) => {
  it('gives each viewer its mode and no surface leaks a resource the viewer may not see', async () => {
    const { slug, resources, viewers, items } = await setUpOrganisation(publicAccessLevel);
    const leaks: string[] = [];
    for (const viewerKind of viewerKinds) {
      const viewer = viewers[viewerKind];
      const view = await t.app.inject({
        url: `/api/statuspage/share/${slug}/view${viewer.query}`,
        cookies: viewer.cookies,
      });
      expect(view.json().viewer.mode, viewerKind).toBe(expectedMode[viewerKind]);
      // A visible item is locked exactly when its content is withheld, and then every content field is null.
      const seen = new Map(
        (view.json().cards as CardView[]).flatMap((card) => card.items.map((item) => [item.itemUid, item])),
      );
      for (const { item, itemUid } of items) {
        const shown = seen.get(itemUid);
        if (!shown) continue;
        const isReadable = canSeeContent(viewerKind, item, publicAccessLevel);
        if (shown.isLocked === isReadable)
          leaks.push(`${describeCase(item)} isLocked wrong for ${viewerKind}`);
        if (shown.isLocked && contentFields.some((field) => shown[field] !== null))
          leaks.push(`${describeCase(item)} locked with content for ${viewerKind}`);
      }
      for (const surface of surfaces) {
        const output = await surface.read(slug, viewer);
        for (const resource of resources) {
          const isVisible = resource.isVisibleTo(viewerKind);
          if (!isVisible && output.includes(resource.marker))
            leaks.push(`${surface.name} shows ${resource.marker} to ${viewerKind}`);
          if (isVisible && !output.includes(resource.marker))
            leaks.push(`${surface.name} hides ${resource.marker} from ${viewerKind}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
