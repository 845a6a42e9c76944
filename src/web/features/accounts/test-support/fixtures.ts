import type { AccessRequestRow, AccessSettings, PermissionProfile } from '../../../../shared/access';

export const profileId = '7b0c6f7e-5a43-4a8e-9e39-0c1f3d2a8a11';
export const itemIds = {
  soc2: '11111111-1111-4111-8111-111111111111',
  pentest: '22222222-2222-4222-8222-222222222222',
  dpa: '33333333-3333-4333-8333-333333333333',
  roadmap: '44444444-4444-4444-8444-444444444444',
};

export function requestFixture(overrides: Partial<AccessRequestRow> = {}): AccessRequestRow {
  return {
    id: '9d4b2f6a-1c1e-4f55-9a57-2f3f4b5c6d7e',
    email: 'ada@customer.example',
    firstName: 'Ada',
    lastName: 'Lovelace',
    companyName: 'Customer Ltd',
    jobTitle: 'Security lead',
    pointOfContactEmail: null,
    relationship: 'customer',
    country: 'GB',
    requestedProductNames: ['Acme Cloud'],
    productName: 'Acme Cloud',
    itemTitle: 'SOC 2 Type II',
    source: 'item',
    kind: 'access',
    status: 'pending',
    declinedBy: null,
    decisionReason: null,
    accountId: null,
    accountName: null,
    invitedBy: null,
    nda: null,
    createdAt: '2025-03-04T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function profileFixture(overrides: Partial<PermissionProfile> = {}): PermissionProfile {
  return { id: profileId, name: 'Auditors', itemIds: [], accountCount: 0, ...overrides };
}

export function settingsFixture(overrides: Partial<AccessSettings> = {}): AccessSettings {
  return {
    autoApproveAccountMembers: false,
    rejectFreeMailDomains: true,
    defaultAccessDays: 30,
    expiryReminderDays: 14,
    requireNda: false,
    domainRules: [{ kind: 'blocked', domain: 'competitor.example' }],
    byoid: { hasSecret: false, jwksUrl: null, issuer: null },
    ...overrides,
  };
}
