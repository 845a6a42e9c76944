import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import type { StaffRole } from '../../../shared/permissions';
import { PortalCustomisation } from '../../../shared/portal';
import { auditLog, organisations } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInForSession } from './test-helpers';

// Help section and banner settings, off by default (help-settings.test.ts covers them).
// Settings other features own (access fields, documents, scripts, comments…) keep their schema defaults.
const otherDefaults = PortalCustomisation.parse({});

const helpAndBannerDefaults = {
  supportMailbox: null,
  securityMailbox: null,
  contactSupport: { onClickAction: 'send_email', supportUrl: null, isEnabled: false },
  reportIssue: { onClickAction: 'send_email', reportUrl: null, isEnabled: false },
  securityReviewBanner: 'none',
  askInformation: false,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function signedInStaff(role?: StaffRole) {
  const { organisation } = await createOrganisation(t.database.db, {
    name: 'Initech',
    websiteUrl: 'initech.example',
    customisation: { portalTitle: 'Trust Portal', accentColor: '#0f766e' },
  });
  const user = await createStaffUser(t.database.db, organisation.id, { role });
  return { organisation, user, session: await signInForSession(t.app, user.email) };
}

function patch(
  session: { cookies: Record<string, string>; headers: Record<string, string> },
  payload: object,
) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/staff/organisation',
    cookies: session.cookies,
    headers: session.headers,
    payload,
  });
}

async function storedOrganisation(id: string) {
  const [row] = await t.database.db.select().from(organisations).where(eq(organisations.id, id));
  return row!;
}

async function auditRowsOf(organisationId: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.organisationId, organisationId));
  // Sign-ins are on the record too; these tests count the settings' own rows.
  return rows.filter((row) => row.action !== 'staff.signed_in');
}

describe('GET /api/staff/organisation', () => {
  it('answers with name, slug, website and the customisation with its defaults', async () => {
    const { organisation, session } = await signedInStaff('viewer');
    const response = await t.app.inject({ url: '/api/staff/organisation', cookies: session.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Initech',
      slug: organisation.slug,
      websiteUrl: 'initech.example',
      customisation: {
        ...otherDefaults,
        portalTitle: 'Trust Portal',
        showPortalTitle: true,
        publicAccessLevel: 'full',
        accentColor: '#0f766e',
        subscribeEnabled: true,
        disablePoweredBy: false,
        termsOfServiceUrl: null,
        privacyNoticeUrl: null,
        description: '',
        ...helpAndBannerDefaults,
      },
    });
  });

  it('needs a staff session', async () => {
    const response = await t.app.inject({ url: '/api/staff/organisation' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});

describe('PATCH /api/staff/organisation', () => {
  it('changes only the named fields, writes the audit row and shows on the portal at once', async () => {
    const { organisation, user, session } = await signedInStaff('editor');
    const viewUrl = `/api/statuspage/share/${organisation.slug}/view`;
    // Read once first, so a cached copy of the organisation exists and must be dropped.
    expect((await t.app.inject({ url: viewUrl })).json().customisation.portalTitle).toBe('Trust Portal');

    const response = await patch(session, {
      name: '  Initech Global ',
      customisation: {
        portalTitle: 'Security & Compliance',
        description: 'How we protect your data.',
        termsOfServiceUrl: 'https://initech.example/terms',
        publicAccessLevel: 'minimal',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      name: 'Initech Global',
      slug: organisation.slug,
      websiteUrl: 'initech.example',
      customisation: {
        ...otherDefaults,
        portalTitle: 'Security & Compliance',
        showPortalTitle: true,
        publicAccessLevel: 'minimal',
        accentColor: '#0f766e',
        subscribeEnabled: true,
        disablePoweredBy: false,
        termsOfServiceUrl: 'https://initech.example/terms',
        privacyNoticeUrl: null,
        description: 'How we protect your data.',
        ...helpAndBannerDefaults,
      },
    };
    expect(response.json()).toEqual(expected);
    const read = await t.app.inject({ url: '/api/staff/organisation', cookies: session.cookies });
    expect(read.json()).toEqual(expected);

    const view = (await t.app.inject({ url: viewUrl })).json();
    expect(view.organisation.name).toBe('Initech Global');
    expect(view.customisation).toMatchObject({
      portalTitle: 'Security & Compliance',
      publicAccessLevel: 'minimal',
      accentColor: '#0f766e',
    });

    const stored = await storedOrganisation(organisation.id);
    expect(stored.revision).toBe(organisation.revision + 1);
    const audit = await auditRowsOf(organisation.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorStaffUserId: user.id,
      action: 'organisation.settings_updated',
      target: `organisation:${organisation.id}`,
      data: {
        changes: {
          name: { from: 'Initech', to: 'Initech Global' },
          'customisation.portalTitle': { from: 'Trust Portal', to: 'Security & Compliance' },
          'customisation.description': { from: '', to: 'How we protect your data.' },
          'customisation.termsOfServiceUrl': { from: null, to: 'https://initech.example/terms' },
          'customisation.publicAccessLevel': { from: 'full', to: 'minimal' },
        },
      },
    });
    expect(Object.keys(audit[0]!.data.changes as object)).toHaveLength(5);
  });

  it('clears the website and an address with an empty value', async () => {
    const { organisation, session } = await signedInStaff('editor');
    await patch(session, { customisation: { privacyNoticeUrl: 'https://initech.example/privacy' } });
    const response = await patch(session, { websiteUrl: '', customisation: { privacyNoticeUrl: '' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().websiteUrl).toBeNull();
    expect(response.json().customisation.privacyNoticeUrl).toBeNull();
    expect((await storedOrganisation(organisation.id)).websiteUrl).toBeNull();
  });

  it('writes nothing when nothing changes', async () => {
    const { organisation, session } = await signedInStaff('editor');
    for (const payload of [{}, { name: 'Initech', customisation: { accentColor: '#0f766e' } }]) {
      const response = await patch(session, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json().name).toBe('Initech');
    }
    expect(await auditRowsOf(organisation.id)).toHaveLength(0);
    expect((await storedOrganisation(organisation.id)).revision).toBe(organisation.revision);
  });

  it('answers bad input with 400 naming each field, and saves nothing', async () => {
    const { organisation, session } = await signedInStaff('editor');
    const cases: [object, string][] = [
      [{ name: '' }, 'body.name'],
      [{ name: 'x'.repeat(101) }, 'body.name'],
      [{ websiteUrl: 'not a web address' }, 'body.websiteUrl'],
      [{ customisation: { accentColor: 'red' } }, 'body.customisation.accentColor'],
      [{ customisation: { portalTitle: 'x'.repeat(61) } }, 'body.customisation.portalTitle'],
      [{ customisation: { portalTitle: '   ' } }, 'body.customisation.portalTitle'],
      [{ customisation: { publicAccessLevel: 'everyone' } }, 'body.customisation.publicAccessLevel'],
      [{ customisation: { showPortalTitle: 'yes' } }, 'body.customisation.showPortalTitle'],
      [
        { customisation: { termsOfServiceUrl: 'javascript:alert(1)' } },
        'body.customisation.termsOfServiceUrl',
      ],
      [
        { customisation: { privacyNoticeUrl: 'initech.example/privacy' } },
        'body.customisation.privacyNoticeUrl',
      ],
      [{ customisation: { description: 'x'.repeat(301) } }, 'body.customisation.description'],
    ];
    for (const [payload, field] of cases) {
      const response = await patch(session, { name: 'Should Not Save', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(Object.keys(response.json().error.fields), JSON.stringify(payload)).toContain(field);
    }
    // Fields that are not settings (the slug, the revision) are refused, not ignored.
    const unknown = await patch(session, { slug: 'taken-over', customisation: { logo: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({
      body: 'Unrecognized key: "slug"',
      'body.customisation': 'Unrecognized key: "logo"',
    });

    const stored = await storedOrganisation(organisation.id);
    expect(stored.name).toBe('Initech');
    expect(stored.slug).toBe(organisation.slug);
    expect(stored.revision).toBe(organisation.revision);
    expect(await auditRowsOf(organisation.id)).toHaveLength(0);
  });

  it('needs statuspage:edit: 403 forbidden and nothing saved', async () => {
    const { organisation, session } = await signedInStaff('reviewer');
    const response = await patch(session, { name: 'Renamed' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'forbidden', message: messages.roleForbidden('Reviewer') },
    });
    expect((await storedOrganisation(organisation.id)).name).toBe('Initech');
    expect(await auditRowsOf(organisation.id)).toHaveLength(0);
  });

  it('needs the CSRF header: missing or wrong gives 403 csrf_failed and nothing saved', async () => {
    const { organisation, session } = await signedInStaff('editor');
    for (const headers of [{}, { 'x-csrf-token': 'forged' }] as Record<string, string>[]) {
      const response = await patch({ cookies: session.cookies, headers }, { name: 'Cross-site' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('csrf_failed');
    }
    expect((await storedOrganisation(organisation.id)).name).toBe('Initech');
  });

  it("edits only the staff member's own organisation; on another portal the session gives nothing", async () => {
    const own = await signedInStaff('editor');
    const { organisation: other } = await createOrganisation(t.database.db, { name: 'Umbrella' });

    const response = await patch(own.session, { name: 'Initech Renamed' });
    expect(response.json().slug).toBe(own.organisation.slug);
    expect((await storedOrganisation(other.id)).name).toBe('Umbrella');

    const otherView = await t.app.inject({
      url: `/api/statuspage/share/${other.slug}/view`,
      cookies: own.session.cookies,
    });
    expect(otherView.statusCode).toBe(200);
    expect(otherView.json().viewer).toEqual({ mode: 'public', staff: null, member: null, preview: null });
    const ownView = await t.app.inject({
      url: `/api/statuspage/share/${own.organisation.slug}/view`,
      cookies: own.session.cookies,
    });
    expect(ownView.json().viewer).toMatchObject({ mode: 'main', staff: { canEdit: true } });
  });
});

describe('OpenAPI document', () => {
  it('lists the staff routes', async () => {
    const docs = (await t.app.inject({ url: '/api/docs' })).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-in',
        '/api/auth/sign-out',
        '/api/auth/session',
        '/api/staff/organisation',
      ]),
    );
  });
});

describe('PATCH /api/staff/organisation access and document settings', () => {
  it('saves the access-request fields as one object and the document defaults', async () => {
    const { organisation, session } = await signedInStaff('editor');
    const accessRequestFields = {
      jobTitleTextField: true,
      pointOfContactField: false,
      relationshipDropdown: true,
      countriesDropdown: true,
      accountMemberRequestProducts: false,
      customCheckbox: { isEnabled: true, label: 'I accept the evaluation terms', isRequired: true },
    };
    const response = await patch(session, {
      customisation: {
        accessRequestFields,
        showAppLoginInstructions: false,
        documentAccessType: 'view_only',
        bulkDownloadEnabled: false,
      },
    });
    expect(response.statusCode).toBe(200);
    const view = await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` });
    expect(view.json().customisation).toMatchObject({
      accessRequestFields,
      showAppLoginInstructions: false,
      documentAccessType: 'view_only',
      bulkDownloadEnabled: false,
    });
    // Half an object is refused: the fields are saved together.
    const partial = await patch(session, {
      customisation: { accessRequestFields: { jobTitleTextField: true } },
    });
    expect(partial.statusCode).toBe(400);
  });
});
