import { defaultSectionOrder } from '../../../shared/card-kinds';
import type { CardView, ItemView } from '../../../shared/cards';
import { wantedItemSlug } from '../../../shared/item-links';
import {
  PortalCustomisation,
  type PortalView,
  type ProductSummary,
  type ViewerMode,
} from '../../../shared/portal';

/** Cards and items for component tests; each test overrides what it is about. */
let sequence = 0;

export function itemViewFixture(overrides: Partial<ItemView> = {}): ItemView {
  sequence += 1;
  const suffix = sequence.toString(16).padStart(12, '0');
  const item: ItemView = {
    itemUid: `aaaaaaaa-aaaa-4aaa-8aaa-${suffix}`,
    title: `Item ${sequence}`,
    isCustom: false,
    enabledState: 'Enabled',
    isLocked: false,
    isPublic: true,
    isHidden: false,
    explanation: null,
    href: null,
    listEntries: null,
    type: null,
    maturity: null,
    recurrence: null,
    auditor: null,
    expiry: null,
    customUrlSlug: null,
    modifiedAt: null,
    modifiedByName: null,
    slug: '',
    ...overrides,
  };
  return { ...item, slug: overrides.slug ?? wantedItemSlug({ ...item, id: item.itemUid }) };
}

export function cardViewFixture(overrides: Partial<CardView> = {}): CardView {
  return {
    kind: 'DataSecurity',
    title: 'Data Security',
    displayText: null,
    placeholder: null,
    isHidden: false,
    iconUrl: null,
    items: [],
    ...overrides,
  };
}

const product: ProductSummary = {
  productId: '11111111-1111-4111-8111-111111111111',
  productName: 'Acme Payroll',
  productSlug: 'payroll',
  isDefault: true,
  bannerUrl: null,
  revision: 1,
};

/** A page model around the given cards, seen in the given mode (staff who can edit in Main mode). */
export function viewWithCards(
  cards: CardView[],
  options: { mode?: ViewerMode; products?: ProductSummary[] } = {},
): PortalView {
  const mode = options.mode ?? 'public';
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
    customisation: {
      ...PortalCustomisation.parse({}),
      portalTitle: 'Trust Center',
      showPortalTitle: true,
      publicAccessLevel: 'full',
      accentColor: '#4338ca',
      subscribeEnabled: true,
      disablePoweredBy: false,
      termsOfServiceUrl: null,
      privacyNoticeUrl: null,
      description: '',
    },
    product,
    products: options.products ?? [product],
    productLinks: [],
    viewer: {
      mode,
      staff: mode === 'main' ? { name: 'Alex Admin', email: 'alex@acme.example', canEdit: true } : null,
      member: null,
      preview: null,
    },
    sections: defaultSectionOrder,
    cards,
    documents: { featuredItemUids: [], files: [] },
    planFeatures: {
      replaceIcons: true,
      cardTitleRenaming: true,
      sectionCustomization: true,
      restrictedFiles: true,
    },
    publicUrl: 'https://attest.example/acme',
    platform: { homeUrl: '/about', termsOfServiceUrl: null, privacyNoticeUrl: null },
  };
}

export { product as productFixture };
