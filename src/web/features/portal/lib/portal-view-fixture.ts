import { defaultSectionOrder } from '../../../../shared/card-kind-catalogue';
import type { PortalPageData } from '../../../../shared/page';
import { PortalCustomisation, type PortalView, type ProductSummary } from '../../../../shared/portal';

/** A complete page model for component tests; each test overrides what it is about. */
export function productFixture(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    productId: '11111111-1111-4111-8111-111111111111',
    productName: 'Acme Payroll',
    productSlug: 'payroll',
    isDefault: true,
    bannerUrl: null,
    revision: 1,
    ...overrides,
  };
}

export function portalViewFixture(overrides: Partial<PortalView> = {}): PortalView {
  const product = productFixture();
  return {
    organisation: {
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'acme',
      name: 'Acme Cloud',
      websiteUrl: 'https://acme.example',
      logoUrl:
        '/api/share/22222222-2222-4222-8222-222222222222/assets/33333333-3333-4333-8333-333333333333?v=1',
      faviconUrl: null,
      bannerUrl: null,
      updatedAt: '2025-03-04T10:00:00.000Z',
    },
    sections: [...defaultSectionOrder],
    cards: [],
    documents: { featuredItemUids: [], files: [] },
    planFeatures: {
      replaceIcons: true,
      cardTitleRenaming: true,
      sectionCustomization: true,
      restrictedFiles: true,
    },
    customisation: {
      ...PortalCustomisation.parse({}),
      portalTitle: 'Trust Center',
      showPortalTitle: true,
      publicAccessLevel: 'full',
      accentColor: '#4338ca',
      subscribeEnabled: true,
      disablePoweredBy: false,
      termsOfServiceUrl: 'https://acme.example/terms',
      privacyNoticeUrl: null,
      description: 'How Acme protects your data.',
    },
    product,
    products: [product],
    productLinks: [],
    viewer: { mode: 'public', staff: null, member: null, preview: null },
    publicUrl: 'https://attest.example/acme',
    platform: { homeUrl: '/about', termsOfServiceUrl: null, privacyNoticeUrl: null },
    ...overrides,
  };
}

export function pageDataFixture(view: PortalView = portalViewFixture()): PortalPageData {
  return {
    view,
    basePath: '/acme',
    csrfToken: null,
    recentUpdate: null,
    languages: { locale: 'en', offered: ['en'], hrefs: { en: '/acme?lang=en' } },
  };
}
