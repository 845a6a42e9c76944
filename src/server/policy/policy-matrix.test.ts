import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPermission } from '../../shared/permissions';
import type { PublicAccessLevel } from '../../shared/portal';
import {
  createAccountMember,
  createOrganisation,
  createProduct,
  createProductLink,
  createStaffUser,
} from '../test/factories';
import { createTestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The policy matrix: every viewer against every resource state, through every surface that shows
 * content. A resource a viewer may not see must not appear in any surface's output. Later issues add
 * resources (items, documents, updates, KB entries) and surfaces (HTML, search, feeds, exports).
 */

type ViewerKind =
  | 'anonymous'
  | 'member-approved'
  | 'member-pending'
  | 'member-declined'
  | 'member-expired'
  | 'staff-editor'
  | 'staff-read-only'
  | 'staff-preview-public'
  | 'staff-preview-account'
  | 'staff-of-other-org';

const viewerKinds: ViewerKind[] = [
  'anonymous',
  'member-approved',
  'member-pending',
  'member-declined',
  'member-expired',
  'staff-editor',
  'staff-read-only',
  'staff-preview-public',
  'staff-preview-account',
  'staff-of-other-org',
];

const expectedMode: Record<ViewerKind, string> = {
  anonymous: 'public',
  'member-approved': 'account_external',
  'member-pending': 'public',
  'member-declined': 'public',
  'member-expired': 'public',
  'staff-editor': 'main',
  'staff-read-only': 'main',
  'staff-preview-public': 'preview',
  'staff-preview-account': 'preview',
  'staff-of-other-org': 'public',
};

type Resource = { marker: string; isVisibleTo: (viewer: ViewerKind) => boolean };
type ViewerRequest = { cookies: Record<string, string>; query: string };
type Surface = { name: string; read: (slug: string, viewer: ViewerRequest) => Promise<string> };

const publicAccessLevels: PublicAccessLevel[] = ['full', 'public_content_only', 'minimal'];
const isMainMode = (viewer: ViewerKind) => expectedMode[viewer] === 'main';

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
];

async function setUpOrganisation(publicAccessLevel: PublicAccessLevel) {
  const db = t.database.db;
  const { organisation } = await createOrganisation(db, { customisation: { publicAccessLevel } });
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
    'staff-of-other-org': { cookies: await staffSession(otherOrganisation.id), query: '' },
  };
  return { slug: organisation.slug, resources, viewers };
}

describe.each(publicAccessLevels)('policy matrix with publicAccessLevel %s', (publicAccessLevel) => {
  it('gives each viewer its mode and no surface leaks a resource the viewer may not see', async () => {
    const { slug, resources, viewers } = await setUpOrganisation(publicAccessLevel);
    const leaks: string[] = [];
    for (const viewerKind of viewerKinds) {
      const viewer = viewers[viewerKind];
      const view = await t.app.inject({
        url: `/api/statuspage/share/${slug}/view${viewer.query}`,
        cookies: viewer.cookies,
      });
      expect(view.json().viewer.mode, viewerKind).toBe(expectedMode[viewerKind]);
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
