// @vitest-environment jsdom
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessSettings, NdaVersion } from '../../../../shared/access';
import type { StaffRole } from '../../../../shared/permissions';
import { PortalCustomisation } from '../../../../shared/portal';
import type { OrganisationSettings } from '../../../../shared/staff';
import { setCsrfToken } from '../../../lib/api-client';
import { type Call, fieldError, json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  selectOption,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { staffSessionFixture } from '../../../lib/test-support/staff-session';
import { settingsFixture } from '../test-support/fixtures';
import { checkboxLabelRequired } from './access-request-fields-form';
import { AccessSettingsScreen } from './access-settings-screen';
import { newVersionWarning } from './nda-section';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const ndaVersion: NdaVersion = {
  id: '55555555-5555-4555-8555-555555555555',
  title: 'Mutual NDA',
  body: 'The parties agree to keep each other’s information confidential.',
  sha256: 'abc',
  sourceFileName: null,
  createdAt: '2025-02-01T09:00:00.000Z',
  acceptanceCount: 4,
};

function organisationFixture(): OrganisationSettings {
  return {
    name: 'Acme Cloud',
    slug: 'acme',
    websiteUrl: null,
    customisation: PortalCustomisation.parse({}),
  };
}

type Routes = {
  saveSettings?(call: Call): Response;
  saveOrganisation?(call: Call): Response;
  createNda?(call: Call): Response;
  settings?: AccessSettings;
  role?: StaffRole;
};

async function renderScreen(routes: Routes = {}) {
  let settings = routes.settings ?? settingsFixture();
  const calls = stubFetch((call) => {
    if (call.url === '/api/auth/session') return json(staffSessionFixture(routes.role));
    if (call.url === '/api/access-settings' && call.method === 'GET') return json(settings);
    if (call.url === '/api/access-settings' && call.method === 'PUT') {
      const response = routes.saveSettings?.(call);
      if (response) return response;
      const body = call.body as AccessSettings & { byoid: { secret?: string | null } };
      settings = {
        ...body,
        byoid: {
          hasSecret: body.byoid.secret === undefined ? settings.byoid.hasSecret : body.byoid.secret !== null,
          jwksUrl: body.byoid.jwksUrl,
          issuer: body.byoid.issuer,
        },
      };
      return json(settings);
    }
    if (call.url === '/api/nda-versions' && call.method === 'GET') return json({ versions: [ndaVersion] });
    if (call.url === '/api/nda-versions' && call.method === 'POST') return routes.createNda?.(call);
    if (call.url === '/api/staff/organisation' && call.method === 'GET') return json(organisationFixture());
    if (call.url === '/api/staff/organisation' && call.method === 'PATCH')
      return routes.saveOrganisation?.(call);
    return undefined;
  });
  rendered = await renderInDom(
    <MemoryRouter>
      <AccessSettingsScreen />
    </MemoryRouter>,
  );
  await settle();
  return calls;
}

const byId = (id: string) => document.getElementById(id);
const secretState = () => document.querySelector('[data-testid="secret-state"]');
const button = (label: string) => byText<HTMLButtonElement>('button', label)[0];

describe('access settings form', () => {
  it('shows a reviewer the settings it may not change disabled, saying who can', async () => {
    const calls = await renderScreen({ role: 'reviewer' });
    const notices = [...document.querySelectorAll('[data-testid="read-only-notice"]')].map(
      (notice) => notice.textContent,
    );
    expect(notices).toEqual([
      'Your role (Reviewer) can read this but not change it; owners and admins can.',
      'Your role (Reviewer) can read this but not change it; owners and admins can.',
      'Your role (Reviewer) can read this but not change it; owners, admins and editors can.',
    ]);
    expect(byId('defaultAccessDays')?.closest('fieldset:disabled')).not.toBeNull();
    expect((byId('defaultAccessDays') as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(writes(calls)).toEqual([]);
  });

  it('round trip: loads the settings, saves every change with PUT, and shows what the server kept', async () => {
    const calls = await renderScreen();
    expect((byId('defaultAccessDays') as HTMLInputElement).value).toBe('30');
    expect((byId('domain-rule-0') as HTMLInputElement).value).toBe('competitor.example');
    expect(byId('rejectFreeMailDomains')?.getAttribute('aria-checked')).toBe('true');

    await click(byId('autoApproveAccountMembers'));
    await click(byId('requireNda'));
    await typeInto(byId('defaultAccessDays'), '90');
    await click(button('Add domain rule'));
    await typeInto(byId('domain-rule-1'), 'Partner.Example');
    await selectOption(byId('domain-rule-1-kind'), 'auto_approve');
    await typeInto(byId('byoid-secret'), 's'.repeat(40));
    await typeInto(byId('byoid-jwks-url'), 'https://id.customer.example/jwks.json');
    await click(button('Save access settings'));
    await settle();

    expect(writes(calls)).toEqual([
      {
        url: '/api/access-settings',
        method: 'PUT',
        csrf: 'csrf-1',
        body: {
          autoApproveAccountMembers: true,
          rejectFreeMailDomains: true,
          defaultAccessDays: 90,
          expiryReminderDays: 14,
          requireNda: true,
          domainRules: [
            { kind: 'blocked', domain: 'competitor.example' },
            { kind: 'auto_approve', domain: 'partner.example' },
          ],
          byoid: { secret: 's'.repeat(40), jwksUrl: 'https://id.customer.example/jwks.json', issuer: null },
        },
      },
    ]);
    // The secret is write-only: after saving, the form says one is set and offers Replace and Remove.
    expect(byId('byoid-secret')).toBeNull();
    expect(secretState()?.textContent).toBe('set (hidden)');
    expect((byId('domain-rule-1') as HTMLInputElement).value).toBe('partner.example');

    await click(button('Remove'));
    expect(secretState()?.textContent).toBe('will be removed when you save');
    await click(button('Save access settings'));
    await settle();
    expect((writes(calls)[1]?.body as { byoid?: object } | undefined)?.byoid).toEqual({
      secret: null,
      jwksUrl: 'https://id.customer.example/jwks.json',
      issuer: null,
    });
    expect(secretState()).toBeNull();
  });

  it('keeps the stored secret unless it is replaced, and removes a domain rule', async () => {
    const calls = await renderScreen({
      settings: settingsFixture({ byoid: { hasSecret: true, jwksUrl: null, issuer: 'https://id.example' } }),
    });
    await click(document.querySelector('[aria-label="Remove domain rule 1"]'));
    await click(button('Save access settings'));
    await settle();
    const body = writes(calls)[0]?.body as { domainRules: unknown[]; byoid: Record<string, unknown> };
    expect(body.domainRules).toEqual([]);
    expect('secret' in body.byoid).toBe(false);
    expect(body.byoid.issuer).toBe('https://id.example');

    await click(button('Replace'));
    await typeInto(byId('byoid-secret'), 'short');
    await click(button('Save access settings'));
    await settle();
    expect(byId('byoid-secret-error')?.textContent).toBe('The secret needs 32 to 512 characters.');
    expect(writes(calls)).toHaveLength(1);
  });

  it('edits the expiry reminder: 0 turns it off, outside 0–90 or a fraction is named at the field', async () => {
    const calls = await renderScreen();
    expect((byId('expiryReminderDays') as HTMLInputElement).value).toBe('14');
    for (const [typed, message] of [
      ['91', 'Remind at most 90 days before access ends.'],
      ['-2', 'Enter 0 (no reminder) or more days.'],
      ['2.5', 'Enter a whole number of days.'],
      ['', 'Enter a number of days.'],
    ] as const) {
      await typeInto(byId('expiryReminderDays'), typed);
      await click(button('Save access settings'));
      await settle();
      expect(byId('expiryReminderDays-error')?.textContent).toBe(message);
    }
    expect(writes(calls)).toEqual([]);
    await typeInto(byId('expiryReminderDays'), '0');
    await click(button('Save access settings'));
    await settle();
    expect((writes(calls)[0]!.body as AccessSettings).expiryReminderDays).toBe(0);
    expect((byId('expiryReminderDays') as HTMLInputElement).value).toBe('0');
  });

  it('shows a bad domain at its row and server field errors at their fields', async () => {
    const calls = await renderScreen({
      saveSettings: () => fieldError({ 'body.byoid.jwksUrl': 'This address did not answer with keys' }),
    });
    await typeInto(byId('domain-rule-0'), 'not a domain');
    await click(button('Save access settings'));
    await settle();
    expect(byId('domain-rule-0-error')?.textContent).toBe('Enter a domain such as example.com');
    expect(writes(calls)).toEqual([]);

    await typeInto(byId('domain-rule-0'), 'competitor.example');
    await typeInto(byId('byoid-jwks-url'), 'https://id.example/jwks.json');
    await click(button('Save access settings'));
    await settle();
    expect(byId('byoid-jwks-url-error')?.textContent).toBe('This address did not answer with keys');
    expect(byText('[role="alert"]', 'Please correct the highlighted fields.')).toHaveLength(1);
  });
});

describe('access request form fields', () => {
  it('saves the chosen questions through the organisation settings PATCH', async () => {
    let saved: OrganisationSettings | undefined;
    const calls = await renderScreen({
      saveOrganisation: (call) => {
        const organisation = organisationFixture();
        const patch = call.body as { customisation: Partial<OrganisationSettings['customisation']> };
        saved = { ...organisation, customisation: { ...organisation.customisation, ...patch.customisation } };
        return json(saved);
      },
    });
    await click(byId('custom-checkbox-enabled'));
    await click(button('Save request form'));
    await settle();
    expect(byId('custom-checkbox-label-error')?.textContent).toBe(checkboxLabelRequired);
    expect(writes(calls)).toEqual([]);

    await typeInto(byId('custom-checkbox-label'), 'I have read the data handling terms');
    await click(byId('custom-checkbox-required'));
    await click(byId('field-jobTitleTextField'));
    await click(byId('field-accountMemberRequestProducts'));
    await click(byId('showAppLoginInstructions'));
    await click(button('Save request form'));
    await settle();
    expect(writes(calls)).toEqual([
      {
        url: '/api/staff/organisation',
        method: 'PATCH',
        csrf: 'csrf-1',
        body: {
          customisation: {
            accessRequestFields: {
              jobTitleTextField: true,
              pointOfContactField: false,
              relationshipDropdown: false,
              countriesDropdown: false,
              accountMemberRequestProducts: true,
              customCheckbox: {
                isEnabled: true,
                label: 'I have read the data handling terms',
                isRequired: true,
              },
            },
            showAppLoginInstructions: false,
          },
        },
      },
    ]);
    expect(saved?.customisation.accessRequestFields.jobTitleTextField).toBe(true);
    expect(byId('field-jobTitleTextField')?.getAttribute('aria-checked')).toBe('true');
  });
});

describe('NDA section', () => {
  it('shows the current version and publishes a new one after saying members accept again', async () => {
    const calls = await renderScreen({
      createNda: (call) => json({ ...ndaVersion, ...(call.body as object) }, 201),
    });
    // The section shows once the session says the role may change it, then loads its versions.
    await waitFor(() =>
      document.body.textContent?.includes('Current version of February 1, 2025 · 4 acceptances'),
    );
    await click(button('Write a new version'));
    expect(document.body.textContent).toContain(newVersionWarning);
    expect((byId('nda-title') as HTMLInputElement).value).toBe('Mutual NDA');
    await typeInto(byId('nda-body'), 'New terms.');
    await click(button('Save new version'));
    await settle();
    expect(writes(calls)).toEqual([
      {
        url: '/api/nda-versions',
        method: 'POST',
        csrf: 'csrf-1',
        body: { title: 'Mutual NDA', body: 'New terms.' },
      },
    ]);
    expect(byId('nda-title')).toBeNull();
  });
});
