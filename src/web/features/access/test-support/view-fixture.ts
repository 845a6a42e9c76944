import { PortalCustomisation, type PortalView, type ProductSummary } from '../../../../shared/portal';

/** A page model for the access flow's tests; each test overrides what it is about. */
export const productFixture: ProductSummary = {
  productId: '11111111-1111-4111-8111-111111111111',
  productName: 'Acme Payroll',
  productSlug: 'payroll',
  isDefault: true,
  bannerUrl: null,
  revision: 3,
};

export const secondProduct: ProductSummary = {
  ...productFixture,
  productId: '44444444-4444-4444-8444-444444444444',
  productName: 'Acme HR',
  productSlug: 'hr',
  isDefault: false,
};

export function accessViewFixture(overrides: Partial<PortalView> = {}): PortalView {
  return {
    organisation: {
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'acme',
      name: 'Acme Cloud',
      websiteUrl: 'https://acme.example',
      logoUrl: null,
      faviconUrl: null,
      bannerUrl: null,
      updatedAt: '2025-03-04T10:00:00.000Z',
    },
    sections: ['overview', 'cards'],
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
      termsOfServiceUrl: 'https://acme.example/terms',
      privacyNoticeUrl: 'https://acme.example/privacy',
    },
    product: productFixture,
    products: [productFixture, secondProduct],
    productLinks: [],
    viewer: { mode: 'public', staff: null, member: null, preview: null },
    publicUrl: 'https://attest.example/acme',
    platform: { homeUrl: '/about', termsOfServiceUrl: null, privacyNoticeUrl: null },
    ...overrides,
  };
}

export const memberAccountId = '55555555-5555-4555-8555-555555555555';

/** A signed-in member: AccountExternal when authorised, Public when the account is not (yet) approved. */
export function memberViewFixture(
  reviewStatus: 'approved' | 'declined' | 'pending' | 'other' = 'approved',
  mode: 'account_external' | 'public' = 'account_external',
): PortalView {
  const member: PortalView['viewer']['member'] = {
    email: 'ada@customer.example',
    accountName: 'Customer Ltd',
    reviewStatus,
    firstName: 'Ada',
    lastName: 'Lovelace',
    accountId: memberAccountId,
    isAutoApprovedAccountMember: false,
  };
  return accessViewFixture({ viewer: { mode, staff: null, member, preview: null } });
}
