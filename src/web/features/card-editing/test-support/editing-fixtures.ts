import type { CardKind } from '../../../../shared/card-kinds';
import type { CardView, ItemView } from '../../../../shared/cards';
import { wantedItemSlug } from '../../../../shared/item-links';
import { PortalCustomisation, type PortalView } from '../../../../shared/portal';

/** Page models for the editing tests; each test overrides what it is about. */

let uidCounter = 0;
function nextUid(): string {
  uidCounter += 1;
  return `00000000-0000-4000-8000-${String(uidCounter).padStart(12, '0')}`;
}

export function itemFixture(overrides: Partial<ItemView> = {}): ItemView {
  const item: ItemView = {
    itemUid: nextUid(),
    title: 'Encryption at rest',
    isCustom: false,
    enabledState: 'Enabled',
    isLocked: false,
    isPublic: true,
    isHidden: false,
    explanation: 'AES-256 for every volume.',
    href: null,
    listEntries: [],
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

export function cardFixture(kind: CardKind, title: string, items: ItemView[] = []): CardView {
  return { kind, title, displayText: null, placeholder: null, isHidden: false, iconUrl: null, items };
}

export function editingViewFixture(overrides: Partial<PortalView> = {}): PortalView {
  const product = {
    productId: '11111111-1111-4111-8111-111111111111',
    productName: 'Acme Payroll',
    productSlug: 'payroll',
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
    products: [product],
    productLinks: [],
    viewer: {
      mode: 'main',
      staff: { name: 'Alex Admin', email: 'alex@acme.example', canEdit: true },
      member: null,
      preview: null,
    },
    sections: ['overview', 'certifications', 'documents', 'cards', 'help'],
    documents: { featuredItemUids: [], files: [] },
    cards: [
      cardFixture('DataSecurity', 'Data Security', [
        itemFixture({ title: 'Encryption at rest' }),
        itemFixture({ title: 'Backups', enabledState: 'WorkInProgress' }),
      ]),
      cardFixture('Infrastructure', 'Infrastructure', [itemFixture({ title: 'Status Monitoring' })]),
      cardFixture('Overview', 'Overview'),
      cardFixture('Subprocessors', 'Subprocessors'),
    ],
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
