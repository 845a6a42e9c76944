import type { CardView, ItemView } from '../../../../shared/cards';
import { wantedItemSlug } from '../../../../shared/item-links';
import { PortalCustomisation, type PortalView } from '../../../../shared/portal';
import type { SearchResult } from '../../../../shared/search';

export const productId = '11111111-1111-4111-8111-111111111111';

export function itemFixture(index: number, overrides: Partial<ItemView> = {}): ItemView {
  const item: ItemView = {
    itemUid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `Item ${index}`,
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

export function cardFixture(kind: CardView['kind'], items: ItemView[]): CardView {
  return { kind, title: kind, displayText: null, placeholder: null, isHidden: false, iconUrl: null, items };
}

export function viewFixture(overrides: Partial<PortalView> = {}): PortalView {
  const product = {
    productId,
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
      websiteUrl: null,
      logoUrl: null,
      faviconUrl: null,
      bannerUrl: null,
      updatedAt: '2025-03-04T10:00:00.000Z',
    },
    customisation: { ...PortalCustomisation.parse({}), portalTitle: 'Trust Center' },
    product,
    products: [product],
    productLinks: [],
    viewer: { mode: 'public', staff: null, member: null, preview: null },
    sections: ['cards'],
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

export function controlResult(index: number, title = `Control ${index}`): SearchResult {
  return {
    id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: 'control',
    source: 'semantic',
    title,
    icon: null,
    snippet: null,
    metadata: {
      itemUid: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      kind: 'DataSecurity',
      cardTitle: 'Data Security',
      explanation: `Explanation ${index}`,
      isLocked: false,
      customUrlSlug: null,
    },
  };
}

export function faqResult(index: number): SearchResult {
  return {
    id: `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: 'faq',
    source: 'semantic',
    title: `Question ${index}?`,
    icon: null,
    snippet: null,
    metadata: { answer: `Answer ${index}.`, comment: '' },
  };
}
