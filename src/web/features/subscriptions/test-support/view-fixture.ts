import { PortalCustomisation, type PortalView } from '../../../../shared/portal';

/** A page model for this feature's component tests (features keep their own fixtures). */
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
    customisation: { ...PortalCustomisation.parse({}), termsOfServiceUrl: 'https://acme.example/terms' },
    product,
    products: [product],
    productLinks: [],
    viewer: { mode: 'public', staff: null, member: null, preview: null },
    sections: [],
    cards: [],
    documents: { featuredItemUids: [], files: [] },
    planFeatures: {
      replaceIcons: true,
      cardTitleRenaming: true,
      sectionCustomization: true,
      restrictedFiles: true,
    },
    publicUrl: 'https://attest.example/acme',
    platform: {
      homeUrl: '/about',
      termsOfServiceUrl: null,
      privacyNoticeUrl: 'https://attest.example/privacy',
    },
    ...overrides,
  };
}
