import { PortalCustomisation, type PortalView } from '../../../../shared/portal';
import type { TopicView, VisitorUpdatesResponse } from '../../../../shared/updates';

export function viewFixture(overrides: Partial<PortalView> = {}): PortalView {
  const product = {
    productId: '11111111-1111-4111-8111-111111111111',
    productName: 'Platform',
    productSlug: 'platform',
    isDefault: true,
    bannerUrl: null,
    revision: 1,
  };
  return {
    organisation: {
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'acme',
      name: 'Acme Cloud',
      websiteUrl: 'https://www.acme.example',
      logoUrl: null,
      faviconUrl: null,
      bannerUrl: null,
      updatedAt: '2025-03-04T10:00:00.000Z',
    },
    customisation: { ...PortalCustomisation.parse({}), portalTitle: 'Security Portal' },
    product,
    products: [product],
    productLinks: [],
    viewer: { mode: 'public', staff: null, member: null, preview: null },
    sections: ['trust_center_updates'],
    cards: [],
    documents: { featuredItemUids: [], files: [] },
    planFeatures: {
      replaceIcons: true,
      cardTitleRenaming: true,
      sectionCustomization: true,
      restrictedFiles: true,
    },
    publicUrl: 'https://attest.example/acme',
    platform: { homeUrl: '/about', termsOfServiceUrl: null, privacyNoticeUrl: null },
    ...overrides,
  };
}

export function mainView(canEdit = true): PortalView {
  return viewFixture({
    viewer: {
      mode: 'main',
      staff: { name: 'Alex', email: 'alex@acme.example', canEdit },
      member: null,
      preview: null,
    },
  });
}

/** Topic n gets a stable uuid ending in n, so tests can name it. */
export function topicId(n: number): string {
  return `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;
}

export function topicFixture(n: number, overrides: Partial<TopicView> = {}): TopicView {
  const day = String((n % 28) + 1).padStart(2, '0');
  return {
    id: topicId(n),
    subject: `Topic ${n}`,
    category: 'compliance',
    productName: null,
    isPinned: false,
    latestAt: `2025-03-${day}T10:00:00.000Z`,
    updates: [
      {
        id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`,
        createdAt: `2025-03-${day}T10:00:00.000Z`,
        html: `<p>Message of topic ${n}</p>`,
        audience: 'public',
      },
    ],
    ...overrides,
  };
}

/** The server's answer for `page` over `topics`, 5 per page like the contract. */
export function pageOf(topics: TopicView[], page: number): VisitorUpdatesResponse {
  const pageSize = 5;
  return {
    topics: topics.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    totalTopics: topics.length,
    totalPages: Math.max(1, Math.ceil(topics.length / pageSize)),
  };
}
