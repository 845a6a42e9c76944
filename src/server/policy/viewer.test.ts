import { describe, expect, it } from 'vitest';
import { PlanFeatures } from '../../shared/cards';
import { PortalCustomisation } from '../../shared/portal';
import { canEditPortal, canSeeProduct, canUseConsole } from './index';
import { buildViewer, type ViewerFacts, type ViewerMember, type ViewerStaff } from './viewer';

const now = new Date('2026-11-21T12:00:00Z');
const organisation = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'acme',
  name: 'Acme',
  websiteUrl: null,
  customDomain: null,
  customisation: PortalCustomisation.parse({}),
  planFeatures: PlanFeatures.parse({}),
  logoAssetId: null,
  faviconAssetId: null,
  bannerAssetId: null,
  revision: 1,
  accessRevision: 1,
  updatedAt: now,
};
const editor: ViewerStaff = {
  id: 's1',
  name: 'Sam',
  email: 's@acme.example',
  role: 'editor',
  permissions: new Set(['statuspage:edit']),
};
const reader: ViewerStaff = {
  id: 's2',
  name: 'Ria',
  email: 'r@acme.example',
  role: 'viewer',
  permissions: new Set(['files:view']),
};
const member = (
  reviewStatus: ViewerMember['account']['reviewStatus'],
  accessExpiresAt: Date | null = null,
): ViewerMember => ({
  id: 'm1',
  email: 'casey@customer.example',
  firstName: 'Casey',
  lastName: 'C',
  isAutoApproved: false,
  account: { id: 'a1', name: 'Customer', reviewStatus, accessExpiresAt, permissionProfileId: null },
});
const noPreview = { accountId: null, permissionProfileId: null, asPublic: false };
const facts = (overrides: Partial<ViewerFacts>): ViewerFacts => ({
  organisation,
  session: null,
  staff: null,
  member: null,
  previewRequest: noPreview,
  now,
  ...overrides,
});

describe('buildViewer (spec 1 §2 Modes)', () => {
  it('makes an anonymous visitor Public', () => {
    expect(buildViewer(facts({})).mode).toBe('public');
  });

  it('makes staff Main, or Preview when they preview as an account, a profile or the public', () => {
    expect(buildViewer(facts({ staff: editor })).mode).toBe('main');
    const asAccount = buildViewer(
      facts({ staff: editor, previewRequest: { ...noPreview, accountId: 'a1' } }),
    );
    expect(asAccount.mode).toBe('preview');
    expect(asAccount.preview).toEqual({ accountId: 'a1', permissionProfileId: null });
    expect(
      buildViewer(facts({ staff: editor, previewRequest: { ...noPreview, permissionProfileId: 'p1' } })).mode,
    ).toBe('preview');
    expect(buildViewer(facts({ staff: editor, previewRequest: { ...noPreview, asPublic: true } })).mode).toBe(
      'preview',
    );
  });

  it('makes an approved member with live access AccountExternal and falls back to Public otherwise', () => {
    expect(buildViewer(facts({ member: member('approved') })).mode).toBe('account_external');
    expect(buildViewer(facts({ member: member('approved', new Date('2026-12-01')) })).mode).toBe(
      'account_external',
    );
    expect(buildViewer(facts({ member: member('approved', new Date('2026-11-01')) })).mode).toBe('public');
    for (const status of ['pending', 'declined', 'other'] as const) {
      expect(buildViewer(facts({ member: member(status) })).mode).toBe('public');
    }
  });

  it('lets only Main-mode staff with statuspage:edit edit, and any staff use the console', () => {
    expect(canEditPortal(buildViewer(facts({ staff: editor })))).toBe(true);
    expect(canEditPortal(buildViewer(facts({ staff: reader })))).toBe(false);
    expect(
      canEditPortal(buildViewer(facts({ staff: editor, previewRequest: { ...noPreview, asPublic: true } }))),
    ).toBe(false);
    expect(canUseConsole(buildViewer(facts({ staff: reader })))).toBe(true);
    expect(canUseConsole(buildViewer(facts({ member: member('approved') })))).toBe(false);
  });

  it('shows hidden products in Main mode only', () => {
    const hidden = { isShown: false };
    expect(canSeeProduct(buildViewer(facts({ staff: editor })), hidden)).toBe(true);
    expect(
      canSeeProduct(
        buildViewer(facts({ staff: editor, previewRequest: { ...noPreview, asPublic: true } })),
        hidden,
      ),
    ).toBe(false);
    expect(canSeeProduct(buildViewer(facts({ member: member('approved') })), hidden)).toBe(false);
    expect(canSeeProduct(buildViewer(facts({})), hidden)).toBe(false);
  });
});
