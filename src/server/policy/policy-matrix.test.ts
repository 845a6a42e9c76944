import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardKind } from '../../shared/card-kinds';
import type { CardView, EnabledState } from '../../shared/cards';
import type { DocumentsView } from '../../shared/documents';
import { hostKeyOfIntegration } from '../../shared/integrations';
import type { StaffRole } from '../../shared/permissions';
import type { PublicAccessLevel } from '../../shared/portal';
import type { SpecialisedView } from '../../shared/specialised-cards';
import { findOrganisationBySlug } from '../core';
import {
  bridgeLetters,
  integrationConnections,
  items as itemRows,
  knowledgeBaseEntries,
  organisations,
  products,
} from '../db/schema';
import { startFakeIntegrationServer } from '../modules/integrations/test-support/fake-integration-server';
import { loadEvidenceIndex } from '../modules/questionnaires/answering/draft-questionnaire';
import { type DraftingAudience, draftingViewer } from '../modules/questionnaires/answering/drafting-viewer';
import {
  acceptNdaVersion,
  createAccountMember,
  createItem,
  createNdaVersion,
  createOrganisation,
  createPermissionProfile,
  createProduct,
  createProductLink,
  createStaffUser,
  createStoredFile,
  findCatalogueItem,
  setAccessSettings,
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
  | 'member-nda-missing'
  | 'member-nda-changed'
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
  'member-nda-missing',
  'member-nda-changed',
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
  // Authorised, so AccountExternal, but the organisation requires an NDA they have not accepted in its
  // current version: they see what the public sees (item-grants isNdaMissing), profile or not.
  'member-nda-missing': 'account_external',
  'member-nda-changed': 'account_external',
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
type ViewerRequest = { cookies: Record<string, string>; query: string; headers?: Record<string, string> };
type Surface = { name: string; read: (slug: string, viewer: ViewerRequest) => Promise<string> };

const run = promisify(execFile);
/** The CSRF header of each session, looked up by its cookies, for the writes a viewer makes. */
const csrfHeaders = new Map<Record<string, string>, Record<string, string>>();
/** Each member session's e-mail, looked up by its cookies: questionnaires are drafted as a member by e-mail. */
const memberEmails = new Map<Record<string, string>, string>();
const publicAccessLevels: PublicAccessLevel[] = ['full', 'public_content_only', 'minimal'];
function isMainMode(viewer: ViewerKind) {
  return expectedMode[viewer] === 'main';
}

let t: TestApp;
let fakeIntegrations: Awaited<ReturnType<typeof startFakeIntegrationServer>>;
beforeAll(async () => {
  // The live integrations answer from a local fake server speaking the services' shapes.
  fakeIntegrations = await startFakeIntegrationServer();
  t = await createTestApp({
    BUG_BOUNTY_API_URL: fakeIntegrations.url,
    STATUS_PAGE_API_URL: fakeIntegrations.url,
    SCORECARD_API_URL: fakeIntegrations.url,
    OUTBOUND_ALLOW_LOOPBACK: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await fakeIntegrations.close();
});

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

type FileMarkers = { id: string; fileTitle: string; fileBytes: string; isViewOnly: boolean };
type ItemMarkers = { item: ItemCase; itemUid: string; title: string; explanation: string; file: FileMarkers };

/**
 * One session (or preview query) per viewer kind for an organisation that requires an NDA; the
 * permission profile is what the profile viewers carry.
 */
async function createViewers(
  organisationId: string,
  otherOrganisationId: string,
  profileId: string,
): Promise<Record<ViewerKind, ViewerRequest>> {
  const db = t.database.db;
  const past = new Date(Date.now() - 60_000);
  // The organisation requires an NDA; every member has accepted its current version unless told otherwise.
  await setAccessSettings(db, organisationId, { requireNda: true });
  const oldNda = await createNdaVersion(db, organisationId, { createdAt: new Date(Date.now() - 3_600_000) });
  const currentNda = await createNdaVersion(db, organisationId);
  const memberSession = async (
    account: Parameters<typeof createAccountMember>[2],
    accepted: 'current' | 'old' | 'none' = 'current',
  ) => {
    const { member } = await createAccountMember(db, organisationId, account);
    if (accepted !== 'none') await acceptNdaVersion(db, member, accepted === 'current' ? currentNda : oldNda);
    const session = await createTestSession(db, { organisationId, accountMemberId: member.id });
    csrfHeaders.set(session.cookies, session.headers);
    memberEmails.set(session.cookies, member.email);
    return session.cookies;
  };
  const staffSession = async (staffOrganisationId: string, role?: StaffRole) => {
    const staff = await createStaffUser(db, staffOrganisationId, { role });
    const session = await createTestSession(db, {
      organisationId: staffOrganisationId,
      staffUserId: staff.id,
    });
    csrfHeaders.set(session.cookies, session.headers);
    return session.cookies;
  };
  const { account: previewAccount } = await createAccountMember(db, organisationId);
  const editorCookies = await staffSession(organisationId);
  return {
    anonymous: { cookies: {}, query: '' },
    'member-approved': { cookies: await memberSession({ reviewStatus: 'approved' }), query: '' },
    'member-with-profile': {
      cookies: await memberSession({ reviewStatus: 'approved', permissionProfileId: profileId }),
      query: '',
    },
    'member-pending': { cookies: await memberSession({ reviewStatus: 'pending' }), query: '' },
    'member-declined': { cookies: await memberSession({ reviewStatus: 'declined' }), query: '' },
    'member-expired': {
      cookies: await memberSession({ reviewStatus: 'approved', accessExpiresAt: past }),
      query: '',
    },
    'member-nda-missing': {
      cookies: await memberSession({ reviewStatus: 'approved', permissionProfileId: profileId }, 'none'),
      query: '',
    },
    'member-nda-changed': {
      cookies: await memberSession({ reviewStatus: 'approved', permissionProfileId: profileId }, 'old'),
      query: '',
    },
    'staff-editor': { cookies: editorCookies, query: '' },
    'staff-read-only': { cookies: await staffSession(organisationId, 'viewer'), query: '' },
    'staff-preview-public': { cookies: editorCookies, query: '?preview=public' },
    'staff-preview-account': { cookies: editorCookies, query: `?accountId=${previewAccount.id}` },
    'staff-preview-profile': { cookies: editorCookies, query: `?permissionProfileId=${profileId}` },
    'staff-of-other-org': { cookies: await staffSession(otherOrganisationId), query: '' },
  };
}

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
    // Each item carries a document: its title shows where the item's content shows, its bytes only
    // through the file routes; every other one is view-only.
    const fileTitle = `file-title-${organisation.slug}-${number}-end`;
    const fileBytes = `file-bytes-${organisation.slug}-${number}-end`;
    const isViewOnly = index % 2 === 1;
    const file = await createStoredFile(db, t.providers.storage, organisation.id, {
      title: fileTitle,
      bytes: Buffer.from(`${fileBytes}\n`),
      accessType: isViewOnly ? 'view_only' : null,
      itemIds: [created.id],
    });
    items.push({
      item,
      itemUid: created.id,
      title,
      explanation,
      file: { id: file.id, fileTitle, fileBytes, isViewOnly },
    });
    resources.push({
      marker: fileTitle,
      isVisibleTo: (viewer) => canSeeContent(viewer, item, publicAccessLevel),
    });
    resources.push({ marker: title, isVisibleTo: (viewer) => canSeeTitle(viewer, item, publicAccessLevel) });
    resources.push({
      marker: explanation,
      isVisibleTo: (viewer) => canSeeContent(viewer, item, publicAccessLevel),
    });
  }
  const profile = await createPermissionProfile(db, organisation.id, { itemIds: profileItemIds });
  const viewers = await createViewers(organisation.id, otherOrganisation.id, profile.id);
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
    // Answers are cached per access shape: in reverse order too, every viewer reads after every other one.
    for (const viewerKind of [...viewerKinds, ...[...viewerKinds].reverse()]) {
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

/**
 * Search, Ask AI and the knowledge-base search as surfaces: each viewer searches for the organisation's
 * marker word (in every item title, item content and knowledge-base entry). Nothing the viewer may not
 * see may come back; everything it may see must be found (search and knowledge base).
 */
type KbLevel = 'public' | 'restricted' | 'internal';
function canSeeKb(viewer: ViewerKind, level: KbLevel): boolean {
  if (isMainMode(viewer) || level === 'public') return true;
  return level === 'restricted' && actsAsAccount.has(viewer);
}

/** The audience a questionnaire is drafted for that stands for this viewer, if drafting has one. */
function draftingAudienceOf(viewerKind: ViewerKind, viewer: ViewerRequest): DraftingAudience | null {
  if (viewerKind === 'anonymous') return { kind: 'anonymous' };
  if (viewerKind === 'staff-editor') return { kind: 'staff' };
  const email = memberEmails.get(viewer.cookies);
  return email ? { kind: 'member', email } : null;
}

/** Turns Ask AI on for the organisation, so its answers are a surface too. */
async function enableAskAi(slug: string) {
  const db = t.database.db;
  const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, slug));
  await db
    .update(organisations)
    .set({ customisation: sql`${organisations.customisation} || '{"genAiEnabled": true}'::jsonb` })
    .where(eq(organisations.id, organisation!.id));
  return organisation;
}

describe('policy matrix for search, answer and knowledge base', () => {
  it('no search, answer or knowledge-base result leaks a resource the viewer may not see', async () => {
    const { slug, resources, viewers } = await setUpOrganisation('full');
    const db = t.database.db;
    const organisation = await enableAskAi(slug);
    const word = slug.replace(/^org-/, '');
    const kbResources = (['public', 'restricted', 'internal'] as const).map((level) => ({
      marker: `kb-${level}-${slug}-end`,
      isVisibleTo: (viewer: ViewerKind) => canSeeKb(viewer, level),
      level,
    }));
    await db.insert(knowledgeBaseEntries).values(
      kbResources.map((resource) => ({
        organisationId: organisation!.id,
        question: `Question ${resource.marker}?`,
        answer: `Answer ${resource.marker}.`,
        accessLevel: resource.level,
      })),
    );
    const searchable = [
      ...resources.filter((resource) => resource.marker.startsWith('item-')),
      ...kbResources,
    ];
    const leaks: string[] = [];
    const check = (surface: string, viewerKind: ViewerKind, output: string, isComplete: boolean) => {
      for (const resource of searchable) {
        const isVisible = resource.isVisibleTo(viewerKind);
        if (!isVisible && output.includes(resource.marker))
          leaks.push(`${surface} shows ${resource.marker} to ${viewerKind}`);
        if (isComplete && isVisible && !output.includes(resource.marker))
          leaks.push(`${surface} hides ${resource.marker} from ${viewerKind}`);
      }
    };
    for (const viewerKind of viewerKinds) {
      const viewer = viewers[viewerKind];
      const base = `/api/statuspage/share/${slug}`;
      const view = await t.app.inject({ url: `${base}/view${viewer.query}`, cookies: viewer.cookies });
      const productId = view.json().product.productId as string;
      let searchOutput = '';
      for (let offset: number | null = 0; offset !== null; ) {
        const response: {
          body: string;
          statusCode: number;
          json: () => { result: { nextOffset: number | null } };
        } = await t.app.inject({
          method: 'POST',
          url: `${base}/search${viewer.query}`,
          cookies: viewer.cookies,
          payload: { query: { term: word, filters: { products: [productId] } }, offset, limit: 50 },
        });
        searchOutput += response.body;
        offset = response.statusCode === 200 ? response.json().result.nextOffset : null;
      }
      check('POST {base}/search', viewerKind, searchOutput, true);
      const answer = await t.app.inject({
        method: 'POST',
        url: `${base}/search/answer${viewer.query}`,
        cookies: viewer.cookies,
        payload: { query: { term: `Answer ${word}`, filters: { product: productId } } },
      });
      check('POST {base}/search/answer', viewerKind, answer.body, false);
      const separator = viewer.query ? '&' : '?';
      const key = await t.app.inject({
        url: `${base}/kb/ais${viewer.query}${separator}productId=${productId}`,
        cookies: viewer.cookies,
      });
      const kb = await t.app.inject({
        method: 'POST',
        url: '/api/kb/query',
        payload: { key: key.json().key, query: word, hitsPerPage: 100 },
      });
      check('POST /api/kb/query', viewerKind, kb.body, false);
      // Questionnaire drafting reads its evidence as a member, the public or staff (issue 32 §5).
      const audience = draftingAudienceOf(viewerKind, viewer);
      if (audience) {
        const organisationView = (await findOrganisationBySlug(db, slug))!;
        const asViewer = await draftingViewer(db, organisationView, audience);
        const evidence = await loadEvidenceIndex({ db, viewer: asViewer, config: t.config });
        const output = JSON.stringify(evidence?.evidence ?? null);
        check('questionnaire drafting evidence', viewerKind, output, false);
        for (const resource of searchable) {
          const isContent = resource.marker.startsWith('item-content-') || resource.marker.startsWith('kb-');
          if (isContent && resource.isVisibleTo(viewerKind) && !output.includes(resource.marker))
            leaks.push(`questionnaire drafting evidence hides ${resource.marker} from ${viewerKind}`);
        }
      }
      for (const resource of kbResources) {
        if (resource.isVisibleTo(viewerKind) && !kb.body.includes(resource.marker))
          leaks.push(`POST /api/kb/query hides ${resource.marker} from ${viewerKind}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

/**
 * Agents as surfaces (issue 36): every MCP tool and resource, and llms.txt, called anonymously or with
 * a personal access token of each member who may hold one. The MCP route ignores cookies, so staff
 * calling it with theirs get exactly what the public gets.
 */
const tokenHolders: ViewerKind[] = [
  'member-approved',
  'member-with-profile',
  'member-nda-missing',
  'member-nda-changed',
];
const cannotHoldTokens: ViewerKind[] = ['member-pending', 'member-declined', 'member-expired'];

describe('policy matrix for agents: MCP tools and resources, llms.txt, access tokens', () => {
  it('no tool, resource or llms.txt answer leaks a resource the caller may not see', async () => {
    const { slug, resources, viewers, items } = await setUpOrganisation('public_content_only');
    const _db = t.database.db;
    const _organisation = await enableAskAi(slug);
    const word = slug.replace(/^org-/, '');
    const leaks: string[] = [];
    const base = `/api/statuspage/share/${slug}`;
    for (const kind of cannotHoldTokens) {
      const viewer = viewers[kind];
      const refused = await t.app.inject({
        method: 'POST',
        url: `${base}/access-tokens`,
        cookies: viewer.cookies,
        headers: csrfHeaders.get(viewer.cookies),
        payload: { name: 'agent' },
      });
      if (refused.statusCode !== 401) leaks.push(`${kind} was given an access token (${refused.statusCode})`);
    }
    const callers: Array<{
      name: string;
      rulesOf: ViewerKind;
      token: string | null;
      cookies: Record<string, string>;
    }> = [
      { name: 'anonymous', rulesOf: 'anonymous', token: null, cookies: {} },
      {
        name: 'staff-editor with cookies',
        rulesOf: 'anonymous',
        token: null,
        cookies: viewers['staff-editor'].cookies,
      },
    ];
    for (const kind of tokenHolders) {
      const viewer = viewers[kind];
      const created = await t.app.inject({
        method: 'POST',
        url: `${base}/access-tokens`,
        cookies: viewer.cookies,
        headers: csrfHeaders.get(viewer.cookies),
        payload: { name: `agent of ${kind}` },
      });
      expect(created.statusCode, created.body).toBe(201);
      callers.push({ name: `${kind} token`, rulesOf: kind, token: created.json().token, cookies: {} });
    }
    for (const [position, caller] of callers.entries()) {
      const mcp = (method: string, params: object) =>
        t.app
          .inject({
            method: 'POST',
            url: `/${slug}/mcp`,
            // One address per caller: the endpoint's per-address limit is not what is tested here.
            remoteAddress: `192.0.2.${position + 1}`,
            cookies: caller.cookies,
            headers: {
              accept: 'application/json, text/event-stream',
              'content-type': 'application/json',
              ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
            },
            payload: { jsonrpc: '2.0', id: 1, method, params },
          })
          .then((response) => {
            expect(response.statusCode, response.body).toBe(200);
            return response.body;
          });
      const tool = (name: string, args: object = {}) => mcp('tools/call', { name, arguments: args });
      const outputs = [
        await mcp('resources/read', { uri: `trust-center://${slug}/page` }),
        await tool('list_certifications'),
        await tool('list_documents'),
        await tool('list_subprocessors'),
        await tool('get_updates'),
        await tool('search', { query: word }),
        await tool('ask', { question: `Answer ${word}` }),
        ...(await Promise.all(items.map(({ itemUid }) => tool('get_item', { item: itemUid })))),
      ];
      const llms = await t.app.inject({
        url: `/${slug}/llms.txt`,
        cookies: caller.cookies,
        headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
      });
      expect(llms.statusCode).toBe(200);
      const all = outputs.join('\n');
      // llms.txt is a page like the portal: with staff's cookies it is staff's view.
      const llmsRules = caller.cookies === viewers['staff-editor'].cookies ? 'staff-editor' : caller.rulesOf;
      for (const resource of resources) {
        const isVisible = resource.isVisibleTo(caller.rulesOf);
        if (!isVisible && all.includes(resource.marker))
          leaks.push(`MCP shows ${resource.marker} to ${caller.name}`);
        // The page resource is the whole page model: everything the caller may see is in it.
        if (isVisible && !outputs[0]!.includes(resource.marker))
          leaks.push(`MCP page resource hides ${resource.marker} from ${caller.name}`);
        if (!resource.isVisibleTo(llmsRules) && llms.body.includes(resource.marker))
          leaks.push(`llms.txt shows ${resource.marker} to ${caller.name}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

/**
 * Documents as surfaces: each file opened inline and as a download, and all of them in one bulk zip.
 * A viewer gets a file's bytes exactly when it may read the item's content, and a download (single or
 * zipped) only when the file allows downloads too — or, in Main mode, with files:view / files:download.
 */
const staffPermissionsOf: Partial<Record<ViewerKind, { view: boolean; download: boolean }>> = {
  'staff-editor': { view: true, download: true },
  'staff-read-only': { view: true, download: false },
};

function canGetFileAs(
  viewer: ViewerKind,
  item: ItemCase,
  file: FileMarkers,
  level: PublicAccessLevel,
  action: 'view' | 'download',
): boolean {
  const staff = staffPermissionsOf[viewer];
  if (isMainMode(viewer)) return staff ? staff[action] : false;
  if (!canSeeContent(viewer, item, level)) return false;
  return action === 'view' || !file.isViewOnly;
}

async function unzipAll(zip: Buffer): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'attest-matrix-zip-'));
  try {
    const file = path.join(directory, 'documents.zip');
    await writeFile(file, zip);
    const { stdout } = await run('unzip', ['-p', file], { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

// One organisation per level, one test per viewer: each test stays short on a busy machine.
describe.each(publicAccessLevels)(
  'policy matrix for documents and zips with publicAccessLevel %s',
  (level) => {
    let organisation: Awaited<ReturnType<typeof setUpOrganisation>>;
    beforeAll(async () => {
      organisation = await setUpOrganisation(level);
    });

    it.each(viewerKinds)(
      'serves, downloads and zips to %s exactly the files it may get',
      async (viewerKind) => {
        const { slug, viewers, items } = organisation;
        const base = `/api/statuspage/share/${slug}`;
        const leaks: string[] = [];
        const viewer = viewers[viewerKind];
        const separator = viewer.query ? '&' : '?';
        for (const { item, itemUid, file } of items) {
          for (const action of ['view', 'download'] as const) {
            const disposition = action === 'view' ? 'inline' : 'attachment';
            const response = await t.app.inject({
              url: `${base}/documents/${file.id}${viewer.query}${separator}itemUid=${itemUid}&disposition=${disposition}`,
              cookies: viewer.cookies,
            });
            const isAllowed = canGetFileAs(viewerKind, item, file, level, action);
            const gotBytes = response.statusCode === 200 && response.body.includes(file.fileBytes);
            if (gotBytes !== isAllowed)
              leaks.push(
                `${action} of ${describeCase(item)} ${isAllowed ? 'refused to' : 'given to'} ${viewerKind}`,
              );
            if (!isAllowed && response.body.includes(file.fileBytes))
              leaks.push(`${action} refusal of ${describeCase(item)} carries its bytes for ${viewerKind}`);
          }
        }

        const view = await t.app.inject({ url: `${base}/view${viewer.query}`, cookies: viewer.cookies });
        const productId = view.json().product.productId as string;
        const bulk = await t.app.inject({
          method: 'POST',
          url: `${base}/bulk-download${viewer.query}`,
          cookies: viewer.cookies,
          headers: csrfHeaders.get(viewer.cookies) ?? {},
          // Each viewer comes from its own address: the route's per-address rate limit is not under test.
          remoteAddress: `10.0.${publicAccessLevels.indexOf(level)}.${viewerKinds.indexOf(viewerKind) + 1}`,
          payload: {
            productId,
            selectAllUsed: true,
            files: items.map(({ itemUid, file }) => ({ itemUid, fileId: file.id, generated: false })),
          },
        });
        const allowed = items.filter(({ item, file }) =>
          canGetFileAs(viewerKind, item, file, level, 'download'),
        );
        if (bulk.statusCode !== 200) {
          if (allowed.length > 0)
            leaks.push(`bulk download refused outright to ${viewerKind}: ${bulk.statusCode}`);
          return expect(leaks).toEqual([]);
        }
        const result = bulk.json() as {
          successCount: number;
          failedFileIds: string[];
          fileUrl: string | null;
        };
        if (result.successCount !== allowed.length)
          leaks.push(
            `bulk download counts ${result.successCount} files for ${viewerKind}, expected ${allowed.length}`,
          );
        if (result.failedFileIds.length !== items.length - allowed.length)
          leaks.push(`bulk download lists ${result.failedFileIds.length} failures for ${viewerKind}`);
        if (!result.fileUrl) {
          if (allowed.length > 0) leaks.push(`bulk download gave no zip to ${viewerKind}`);
          return expect(leaks).toEqual([]);
        }
        const zip = await t.app.inject({ url: result.fileUrl, cookies: viewer.cookies });
        expect(zip.statusCode, viewerKind).toBe(200);
        const contents = await unzipAll(zip.rawPayload);
        for (const { item, file } of items) {
          const isAllowed = canGetFileAs(viewerKind, item, file, level, 'download');
          if (isAllowed !== contents.includes(file.fileBytes))
            leaks.push(`zip ${isAllowed ? 'lacks' : 'contains'} ${describeCase(item)} for ${viewerKind}`);
        }
        expect(leaks).toEqual([]);
      },
    );
  },
);

/**
 * Trust updates and feeds as surfaces: a public, a private-audience, a hidden and an e-mail-only topic,
 * read by every viewer through the updates card, the notification bar, the page, /view and both feeds.
 * Written from the spec (spec 3 §2, §6): private reaches Main mode and authorised accounts (NDA
 * accepted) or a preview as an account; hidden and e-mail-only reach Main mode; feeds are public only.
 */
const privateUpdateViewers = new Set<ViewerKind>([
  'member-approved',
  'member-with-profile',
  'staff-preview-account',
]);
type UpdateCase = 'public' | 'private' | 'hidden' | 'email-only';
function canSeeUpdateAs(viewer: ViewerKind, update: UpdateCase): boolean {
  if (isMainMode(viewer) || update === 'public') return true;
  return update === 'private' && privateUpdateViewers.has(viewer);
}

describe('policy matrix for trust updates and feeds', () => {
  it('no updates surface or feed leaks an update the viewer may not see', async () => {
    const { slug, viewers } = await setUpOrganisation('full');
    const editor = viewers['staff-editor'].cookies;
    const publish = async (update: UpdateCase) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/updates/topics',
        cookies: editor,
        headers: csrfHeaders.get(editor) ?? {},
        payload: {
          subject: `update-title-${update}-${slug}-end`,
          category: 'compliance',
          message: `update-body-${update}-${slug}-end`,
          channels:
            update === 'email-only'
              ? { statusPage: false, email: { enabled: true, audience: ['cfo@customer.example'] } }
              : { statusPage: true, statusPageAudience: update === 'private' ? 'private' : 'public' },
        },
      });
      expect(response.statusCode, update).toBe(201);
      const topicId = response.json<{ id: string }>().id;
      if (update === 'hidden') {
        const hidden = await t.app.inject({
          method: 'PATCH',
          url: `/api/updates/topics/${topicId}`,
          cookies: editor,
          headers: csrfHeaders.get(editor) ?? {},
          payload: { isHidden: true },
        });
        expect(hidden.statusCode).toBe(200);
      }
    };
    const cases: UpdateCase[] = ['public', 'private', 'hidden', 'email-only'];
    for (const update of cases) await publish(update);
    const markers = cases.flatMap((update) => [
      { update, marker: `update-title-${update}-${slug}-end` },
      { update, marker: `update-body-${update}-${slug}-end` },
    ]);
    const base = `/api/statuspage/share/${slug}`;
    const leaks: string[] = [];
    for (const viewerKind of viewerKinds) {
      const viewer = viewers[viewerKind];
      const separator = viewer.query ? '&' : '?';
      const read = async (url: string) => {
        const response = await t.app.inject({ url, cookies: viewer.cookies });
        expect(response.statusCode, `${url} for ${viewerKind}`).toBe(200);
        return response.body;
      };
      const outputs: Array<{ surface: string; body: string; isComplete: boolean; isFeed: boolean }> = [
        {
          surface: 'GET {base}/compliance-update',
          body: await read(`${base}/compliance-update${viewer.query}`),
          isComplete: true,
          isFeed: false,
        },
        {
          surface: 'GET {base}/compliance-update?category=compliance',
          body: await read(`${base}/compliance-update${viewer.query}${separator}category=compliance`),
          isComplete: true,
          isFeed: false,
        },
        {
          surface: 'GET {base}/compliance-update/latest',
          body: await read(`${base}/compliance-update/latest${viewer.query}`),
          isComplete: false,
          isFeed: false,
        },
        {
          surface: 'GET {base}/view',
          body: await read(`${base}/view${viewer.query}`),
          isComplete: false,
          isFeed: false,
        },
        {
          surface: 'HTML /:org',
          body: await read(`/${slug}${viewer.query}`),
          isComplete: false,
          isFeed: false,
        },
        { surface: 'Atom feed', body: await read(`/${slug}/updates.atom`), isComplete: true, isFeed: true },
        {
          surface: 'JSON Feed',
          body: await read(`/${slug}/updates.json?category=compliance`),
          isComplete: true,
          isFeed: true,
        },
      ];
      for (const { surface, body, isComplete, isFeed } of outputs) {
        for (const { update, marker } of markers) {
          // Feeds are shared documents: public updates only, whoever fetches them.
          const isVisible = isFeed ? update === 'public' : canSeeUpdateAs(viewerKind, update);
          if (!isVisible && body.includes(marker)) leaks.push(`${surface} shows ${marker} to ${viewerKind}`);
          if (isComplete && isVisible && !body.includes(marker))
            leaks.push(`${surface} hides ${marker} from ${viewerKind}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe('policy matrix for subprocessor change notices', () => {
  it('shows a notice’s page to whoever may see its product, and a hidden product’s to Main mode only', async () => {
    const { slug, viewers } = await setUpOrganisation('full');
    const editor = viewers['staff-editor'].cookies;
    const db = t.database.db;
    const organisation = await findOrganisationBySlug(db, slug);
    const productRows = await db.select().from(products).where(eq(products.organisationId, organisation!.id));
    const notices: Array<{ id: string; marker: string; isHidden: boolean }> = [];
    for (const product of productRows) {
      const marker = `notice-${product.slug}-${slug}-end`;
      const send = (method: 'POST', url: string, payload: unknown) =>
        t.app.inject({
          method,
          url,
          cookies: editor,
          headers: csrfHeaders.get(editor) ?? {},
          payload: payload as never,
        });
      const added = await send('POST', `/api/trust-center/products/${product.id}/subprocessors`, {
        company: { source: 'custom', name: marker },
      });
      expect(added.statusCode).toBe(200);
      const effectiveOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const published = await send('POST', '/api/subprocessor-notices', {
        productId: product.id,
        effectiveOn,
        emailSubscribers: false,
      });
      expect(published.statusCode).toBe(201);
      notices.push({ id: published.json<{ id: string }>().id, marker, isHidden: !product.isShown });
    }
    expect(new Set(notices.map((notice) => notice.isHidden))).toEqual(new Set([false, true]));
    const leaks: string[] = [];
    for (const viewerKind of viewerKinds) {
      const viewer = viewers[viewerKind];
      for (const notice of notices) {
        const response = await t.app.inject({
          url: `/${slug}/subprocessor-notices/${notice.id}${viewer.query}`,
          cookies: viewer.cookies,
        });
        const isVisible = !notice.isHidden || isMainMode(viewerKind);
        if (!isVisible && (response.statusCode !== 404 || response.body.includes(notice.marker)))
          leaks.push(`${notice.marker} reaches ${viewerKind} (${response.statusCode})`);
        if (isVisible && (response.statusCode !== 200 || !response.body.includes(notice.marker)))
          leaks.push(`${notice.marker} is kept from ${viewerKind} (${response.statusCode})`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

/**
 * The TPRM export and /.well-known/trust.json as surfaces. Every viewer tries to get a TPRM token
 * (only authorised members can) and redeems it: the export must show exactly what that member sees.
 * The well-known document is public whoever asks: what an anonymous visitor may see, nothing more.
 */
describe.each(publicAccessLevels)(
  'policy matrix for the TPRM export and trust.json with publicAccessLevel %s',
  (level) => {
    it('exports to each viewer exactly what it may see, and publishes only the public part', async () => {
      const { slug, resources, viewers } = await setUpOrganisation(level);
      const db = t.database.db;
      await db
        .update(organisations)
        .set({
          customisation: sql`${organisations.customisation} || '{"partnerImportEnabled": true}'::jsonb`,
        })
        .where(eq(organisations.slug, slug));
      const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, slug));
      t.providers.cache.invalidate(organisation!.id);
      const editor = viewers['staff-editor'].cookies;
      const partner = await t.app.inject({
        method: 'POST',
        url: '/api/tprm/partners',
        cookies: editor,
        headers: csrfHeaders.get(editor) ?? {},
        payload: { name: `partner-${slug}` },
      });
      expect(partner.statusCode).toBe(201);
      const partnerId = partner.json<{ id: string }>().id;
      const contentResources = resources.filter(
        (resource) => resource.marker.startsWith('item-') || resource.marker.startsWith('file-title-'),
      );
      const base = `/api/statuspage/share/${slug}`;
      const leaks: string[] = [];
      for (const viewerKind of viewerKinds) {
        const viewer = viewers[viewerKind];
        const headers = csrfHeaders.get(viewer.cookies) ?? {};
        const issued = await t.app.inject({
          method: 'POST',
          url: `${base}/tprm/tokens${viewer.query}`,
          cookies: viewer.cookies,
          headers,
          remoteAddress: `10.1.${publicAccessLevels.indexOf(level)}.${viewerKinds.indexOf(viewerKind) + 1}`,
          payload: { partnerId },
        });
        const isMember = expectedMode[viewerKind] === 'account_external';
        if (issued.statusCode !== 201) {
          if (isMember) leaks.push(`TPRM token refused to ${viewerKind}: ${issued.statusCode}`);
          for (const resource of contentResources)
            if (issued.body.includes(resource.marker)) leaks.push(`TPRM refusal shows ${resource.marker}`);
          continue;
        }
        if (!isMember) leaks.push(`TPRM token issued to ${viewerKind}`);
        const accountId = (await t.app.inject({ url: `${base}/view`, cookies: viewer.cookies })).json().viewer
          .member.accountId as string;
        const shown = await t.app.inject({
          url: `/api/statuspage/share/${accountId}/external/${partnerId}/jwt/?tokenId=${issued.json().tokenId}`,
          cookies: viewer.cookies,
          headers,
        });
        expect(shown.statusCode, viewerKind).toBe(200);
        const exported = await t.app.inject({
          url: '/api/tprm/export',
          headers: { authorization: `Bearer ${shown.json().result.token}` },
        });
        expect(exported.statusCode, viewerKind).toBe(200);
        for (const resource of contentResources) {
          const isVisible = resource.isVisibleTo(viewerKind);
          if (!isVisible && exported.body.includes(resource.marker))
            leaks.push(`TPRM export shows ${resource.marker} to ${viewerKind}`);
          if (isVisible && !exported.body.includes(resource.marker))
            leaks.push(`TPRM export hides ${resource.marker} from ${viewerKind}`);
        }
      }
      for (const viewerKind of viewerKinds) {
        const viewer = viewers[viewerKind];
        const document = await t.app.inject({
          url: `/${slug}/.well-known/trust.json${viewer.query}`,
          cookies: viewer.cookies,
        });
        expect(document.statusCode, viewerKind).toBe(200);
        for (const resource of contentResources) {
          const isVisible = resource.isVisibleTo('anonymous');
          if (!isVisible && document.body.includes(resource.marker))
            leaks.push(`trust.json shows ${resource.marker} to ${viewerKind}`);
          if (isVisible && !document.body.includes(resource.marker))
            leaks.push(`trust.json hides ${resource.marker} from ${viewerKind}`);
        }
      }
      expect(leaks).toEqual([]);
    });
  },
);

/**
 * The live integrations as surfaces (spec 2 §6, §7): the bug-bounty statistics and the live status
 * under their host items (application security's bug bounty, infrastructure's status monitoring).
 * Written from the spec: live data reaches a viewer exactly when the page shows it the host item's
 * content, the item is switched on, the connection exists with 'Show on Trust Center' on, and the
 * plan includes integrations. The link staff entered never reaches a visitor's surface; the staff
 * routes answer only editors of the organisation.
 */
type LiveConnection = 'shown' | 'switched-off' | 'disconnected' | 'plan-off';
type LiveCase = { item: ItemCase; connection: LiveConnection };
const liveRoutes = { hackerone: 'hackerone', statuspage: 'statuspageio' } as const;
const hostCards = { hackerone: 'ApplicationSecurity', statuspage: 'Infrastructure' } as const;
/** Viewers whose cookies are an editor's of the organisation (previews keep the editor's session). */
const editorSessions = new Set<ViewerKind>([
  'staff-editor',
  'staff-preview-public',
  'staff-preview-account',
  'staff-preview-profile',
]);

function canSeeLive(viewer: ViewerKind, live: LiveCase, level: PublicAccessLevel): boolean {
  if (live.connection !== 'shown' || live.item.state === 'NotEnabled') return false;
  return canSeeContent(viewer, live.item, level);
}

const liveItem = (item: Partial<ItemCase>): ItemCase => ({
  access: 'public',
  state: 'Enabled',
  isCardHidden: false,
  isInProfile: false,
  ...item,
});
/** Each host item state the gate distinguishes, then each state of the connection itself. */
const liveCaseGroups: Array<[string, LiveCase[]]> = [
  [
    'host item states',
    [
      liveItem({}),
      liveItem({ state: 'WorkInProgress' }),
      liveItem({ state: 'NotEnabled' }),
      liveItem({ isCardHidden: true }),
      liveItem({ access: 'restricted' }),
      liveItem({ access: 'restricted-hidden', isInProfile: true }),
      liveItem({ access: 'restricted-hidden' }),
    ].map((item) => ({ item, connection: 'shown' as const })),
  ],
  [
    'connection states',
    (['switched-off', 'disconnected', 'plan-off'] as const).map((connection) => ({
      item: liveItem({}),
      connection,
    })),
  ],
];

/** Gives a catalogue item a case's state and access, hides its card if told; profile items are collected. */
async function applyItemCase(
  item: ItemCase,
  productId: string,
  cardKind: CardKind,
  itemId: string,
  profileItemIds: string[],
) {
  const db = t.database.db;
  await db
    .update(itemRows)
    .set({
      enabledState: item.state,
      isPublic: item.access === 'public',
      isHidden: item.access === 'restricted-hidden',
    })
    .where(eq(itemRows.id, itemId));
  if (item.isInProfile) profileItemIds.push(itemId);
  if (item.isCardHidden) await updateCard(db, productId, cardKind, { isHidden: true });
}

describe.each(liveCaseGroups)('policy matrix for live integrations: %s', (_group, cases) => {
  // Every viewer reads five surfaces per case: longer than one request's worth of default timeout.
  it('gives live data only where the host item is readable, shown and connected, and links to editors only', {
    timeout: 120_000,
  }, async () => {
    const level: PublicAccessLevel = 'full';
    const db = t.database.db;
    const { organisation } = await createOrganisation(db, { customisation: { publicAccessLevel: level } });
    const { organisation: planless } = await createOrganisation(db, {
      customisation: { publicAccessLevel: level },
      planFeatures: { integrations: false },
    });
    const { organisation: otherOrganisation } = await createOrganisation(db);
    const profileItems = new Map<string, string[]>([
      [organisation.id, []],
      [planless.id, []],
    ]);
    const products: Array<{ live: LiveCase; slug: string; productId: string; marker: string }> = [];
    for (const [index, live] of cases.entries()) {
      const owner = live.connection === 'plan-off' ? planless : organisation;
      const product = await createProduct(db, owner.id, { name: `live-product-${index}` });
      const marker = `live-link-${owner.slug}-${index}-end`;
      for (const kind of ['hackerone', 'statuspage'] as const) {
        const host = await findCatalogueItem(db, product.id, hostKeyOfIntegration(kind));
        await applyItemCase(live.item, product.id, hostCards[kind], host.id, profileItems.get(owner.id)!);
        if (live.connection === 'disconnected') continue;
        const statusPage = `https://${marker}.example.com/quiet`;
        await db.insert(integrationConnections).values({
          organisationId: owner.id,
          productId: product.id,
          kind,
          link: kind === 'hackerone' ? `https://hackerone.com/${marker}` : statusPage,
          externalId: kind === 'hackerone' ? 'acme' : statusPage,
          showInCard: live.connection !== 'switched-off',
        });
      }
      products.push({ live, slug: owner.slug, productId: product.id, marker });
    }
    const viewersOf = new Map<string, Record<ViewerKind, ViewerRequest>>();
    for (const owner of [organisation, planless]) {
      const profile = await createPermissionProfile(db, owner.id, { itemIds: profileItems.get(owner.id) });
      viewersOf.set(owner.slug, await createViewers(owner.id, otherOrganisation.id, profile.id));
    }

    const leaks: string[] = [];
    for (const { live, slug, productId, marker } of products) {
      const name = `${describeCase(live.item)}/${live.connection}`;
      const base = `/api/statuspage/share/${slug}`;
      for (const viewerKind of viewerKinds) {
        const viewer = viewersOf.get(slug)![viewerKind];
        const separator = viewer.query ? '&' : '?';
        const isVisible = canSeeLive(viewerKind, live, level);
        const view = await t.app.inject({
          url: `${base}/view/${productId}${viewer.query}`,
          cookies: viewer.cookies,
        });
        expect(view.statusCode, `${name} view for ${viewerKind}`).toBe(200);
        if (view.body.includes(marker)) leaks.push(`view shows the link of ${name} to ${viewerKind}`);
        const listed = (view.json() as { specialised: SpecialisedView }).specialised.integrations;
        for (const kind of ['hackerone', 'statuspage'] as const) {
          if (listed.some((entry) => entry.kind === kind) !== isVisible)
            leaks.push(`view ${isVisible ? 'hides' : 'lists'} ${kind} of ${name} for ${viewerKind}`);
          const response = await t.app.inject({
            url: `${base}/${liveRoutes[kind]}${viewer.query}${separator}productId=${productId}`,
            cookies: viewer.cookies,
          });
          const gotData = response.statusCode === 200 && response.json().allowed === true;
          if (gotData !== isVisible)
            leaks.push(
              `${liveRoutes[kind]} of ${name} ${isVisible ? `refused (${response.statusCode}) to` : 'given to'} ${viewerKind}`,
            );
          if (!isVisible && response.statusCode !== 404)
            leaks.push(`${liveRoutes[kind]} refusal of ${name} is ${response.statusCode} for ${viewerKind}`);
          if (response.body.includes(marker)) leaks.push(`${liveRoutes[kind]} shows the link of ${name}`);
          const staff = await t.app.inject({
            url: `/api/integrations/${liveRoutes[kind]}?productId=${productId}`,
            cookies: viewer.cookies,
          });
          const showsLink = staff.statusCode === 200 && staff.body.includes(marker);
          const isEditor = editorSessions.has(viewerKind) && live.connection !== 'disconnected';
          if (showsLink !== isEditor)
            leaks.push(
              `staff ${liveRoutes[kind]} ${isEditor ? 'hides' : 'shows'} the link of ${name} to ${viewerKind}`,
            );
          if (!editorSessions.has(viewerKind) && staff.statusCode === 200)
            leaks.push(`staff ${liveRoutes[kind]} answers ${viewerKind} for ${name}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

/**
 * Bridge letters as documents (decisions 69, 273; spec 2 §6, §9): a SOC 2 letter on its report item,
 * listed on the product's documents card, opened, downloaded and zipped. Written from the spec: a
 * letter goes exactly where a downloadable file on that item would go, and nowhere, staff included,
 * while the plan lacks the bridge letter feature.
 */
type LetterCase = { item: ItemCase; plan: 'with-feature' | 'without-feature' };
const letterCases: LetterCase[] = [
  ...[
    liveItem({}),
    liveItem({ state: 'WorkInProgress' }),
    liveItem({ state: 'NotEnabled' }),
    liveItem({ isCardHidden: true }),
    liveItem({ access: 'restricted' }),
    liveItem({ access: 'restricted-hidden', isInProfile: true }),
    liveItem({ access: 'restricted-hidden' }),
  ].map((item) => ({ item, plan: 'with-feature' as const })),
  ...[
    liveItem({}),
    liveItem({ access: 'restricted' }),
    liveItem({ access: 'restricted-hidden', isInProfile: true }),
  ].map((item) => ({ item, plan: 'without-feature' as const })),
];
const letterAsFile: FileMarkers = { id: '', fileTitle: '', fileBytes: '', isViewOnly: false };

function canGetLetterAs(viewer: ViewerKind, letter: LetterCase, action: 'view' | 'download'): boolean {
  if (letter.plan === 'without-feature') return false;
  return canGetFileAs(viewer, letter.item, letterAsFile, 'full', action);
}

describe('policy matrix for bridge letters', () => {
  it('lists, serves and zips a letter exactly where its report item allows a download, and never without the plan feature', {
    timeout: 180_000,
  }, async () => {
    const db = t.database.db;
    const customisation = { publicAccessLevel: 'full' as const };
    const { organisation } = await createOrganisation(db, { customisation });
    const { organisation: planless } = await createOrganisation(db, {
      customisation,
      planFeatures: { bridgeLetters: false },
    });
    const { organisation: otherOrganisation } = await createOrganisation(db);
    const profileItems = new Map<string, string[]>([
      [organisation.id, []],
      [planless.id, []],
    ]);
    const letters: Array<{
      letter: LetterCase;
      slug: string;
      productId: string;
      itemUid: string;
      letterId: string;
      marker: string;
    }> = [];
    for (const [index, letter] of letterCases.entries()) {
      const owner = letter.plan === 'with-feature' ? organisation : planless;
      const product = await createProduct(db, owner.id, { name: `letter-product-${index}` });
      const report = await findCatalogueItem(db, product.id, 'reports.soc-2-type-2');
      await applyItemCase(letter.item, product.id, 'Reports', report.id, profileItems.get(owner.id)!);
      const marker = `letter-content-${owner.slug}-${index}-end`;
      const [row] = await db
        .insert(bridgeLetters)
        .values({
          organisationId: owner.id,
          productId: product.id,
          itemId: report.id,
          letterType: 'soc2',
          title: 'SOC 2 Bridge Letter',
          content: marker,
          signerName: 'Dana Chief',
          signerTitle: 'CISO',
          letterDate: '2026-11-02',
        })
        .returning();
      letters.push({
        letter,
        slug: owner.slug,
        productId: product.id,
        itemUid: report.id,
        letterId: row!.id,
        marker,
      });
    }
    const viewersOf = new Map<string, Record<ViewerKind, ViewerRequest>>();
    for (const owner of [organisation, planless]) {
      const profile = await createPermissionProfile(db, owner.id, { itemIds: profileItems.get(owner.id) });
      viewersOf.set(owner.slug, await createViewers(owner.id, otherOrganisation.id, profile.id));
    }

    const leaks: string[] = [];
    for (const [index, { letter, slug, productId, itemUid, letterId, marker }] of letters.entries()) {
      const name = `${describeCase(letter.item)}/${letter.plan}`;
      const base = `/api/statuspage/share/${slug}`;
      for (const viewerKind of viewerKinds) {
        const viewer = viewersOf.get(slug)![viewerKind];
        const separator = viewer.query ? '&' : '?';
        const canView = canGetLetterAs(viewerKind, letter, 'view');
        const canDownload = canGetLetterAs(viewerKind, letter, 'download');

        const view = await t.app.inject({
          url: `${base}/view/${productId}${viewer.query}`,
          cookies: viewer.cookies,
        });
        expect(view.statusCode, `${name} view for ${viewerKind}`).toBe(200);
        if (view.body.includes(marker)) leaks.push(`view carries the text of ${name} for ${viewerKind}`);
        const listed = (view.json().documents as DocumentsView).files.find(
          (file) => file.fileId === letterId,
        );
        if ((listed !== undefined) !== canView)
          leaks.push(`documents card ${canView ? 'hides' : 'lists'} the letter of ${name} for ${viewerKind}`);
        if (listed && (listed.downloadUrl !== null) !== canDownload)
          leaks.push(
            `documents card ${canDownload ? 'withholds' : 'offers'} the download of ${name} to ${viewerKind}`,
          );

        for (const action of ['view', 'download'] as const) {
          const isAllowed = action === 'view' ? canView : canDownload;
          const disposition = action === 'view' ? 'inline' : 'attachment';
          const response = await t.app.inject({
            url: `${base}/documents/${letterId}${viewer.query}${separator}itemUid=${itemUid}&disposition=${disposition}`,
            cookies: viewer.cookies,
          });
          const gotLetter = response.rawPayload.subarray(0, 5).toString('latin1') === '%PDF-';
          if (gotLetter !== isAllowed)
            leaks.push(
              `${action} of the letter of ${name} ${isAllowed ? `refused (${response.statusCode}) to` : 'given to'} ${viewerKind}`,
            );
          if (gotLetter && response.statusCode !== 200)
            leaks.push(`${action} of ${name} is ${response.statusCode} with the letter`);
        }

        const bulk = await t.app.inject({
          method: 'POST',
          url: `${base}/bulk-download${viewer.query}`,
          cookies: viewer.cookies,
          headers: csrfHeaders.get(viewer.cookies) ?? {},
          // One address per case and viewer: the route's per-address rate limit is not under test.
          remoteAddress: `10.2.${index}.${viewerKinds.indexOf(viewerKind) + 1}`,
          payload: {
            productId,
            selectAllUsed: true,
            files: [{ itemUid, fileId: letterId, generated: true }],
          },
        });
        const fileUrl = bulk.statusCode === 200 ? (bulk.json() as { fileUrl: string | null }).fileUrl : null;
        let zipped = false;
        if (fileUrl) {
          const zip = await t.app.inject({ url: fileUrl, cookies: viewer.cookies });
          zipped = zip.statusCode === 200 && (await unzipAll(zip.rawPayload)).startsWith('%PDF-');
        }
        if (zipped !== canDownload)
          leaks.push(
            `bulk download ${canDownload ? `lacks (${bulk.statusCode})` : 'zips'} the letter of ${name} for ${viewerKind}`,
          );
      }
    }
    expect(leaks).toEqual([]);
  });
});
