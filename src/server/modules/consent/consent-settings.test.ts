import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CookieBanner,
  cookieBannerOrigins,
  type ScriptKind,
  type Scripts,
  scriptKinds,
  scriptOrigins,
} from '../../../shared/consent';
import { organisations } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInForSession } from '../staff/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const noScripts: Scripts = { googleUa: null, gtag: null, gtm: null, intercom: null, hubspot: null };
const exampleIds: Record<ScriptKind, string> = {
  googleUa: 'UA-12345678-1',
  gtag: 'G-AB12CD34EF',
  gtm: 'GTM-AB12CD3',
  intercom: 'abc12def',
  hubspot: '1234567',
};

function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

function allSources(csp: Map<string, string[]>): Set<string> {
  return new Set([...csp.values()].flat());
}

async function portalCsp(customisation: object) {
  const { organisation } = await createOrganisation(t.database.db, { customisation });
  const response = await t.app.inject({ url: `/${organisation.slug}` });
  expect(response.statusCode).toBe(200);
  return { organisation, response, csp: parseCsp(response.headers['content-security-policy']) };
}

describe('content security policy of the portal page', () => {
  it('allows no third-party origin when no script is configured', async () => {
    const { csp, response } = await portalCsp({});
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    // The page stays free of inline script: no 'unsafe-inline' for scripts and no <script> body.
    expect(response.body).not.toMatch(/<script(?![^>]*(?:type="application\/json"|src=))[^>]*>/);
    const apiResponse = await t.app.inject({ url: '/api/health' });
    expect(apiResponse.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
  });

  for (const kind of scriptKinds) {
    it(`allows exactly the origins of ${kind} when only it is configured`, async () => {
      const { csp } = await portalCsp({ scripts: { ...noScripts, [kind]: exampleIds[kind] } });
      const expected = scriptOrigins[kind];
      for (const origin of expected.scriptSrc ?? []) expect(csp.get('script-src')).toContain(origin);
      for (const origin of expected.connectSrc ?? []) expect(csp.get('connect-src')).toContain(origin);
      for (const origin of expected.frameSrc ?? []) expect(csp.get('frame-src')).toContain(origin);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      // No origin of another, unconfigured script slips in.
      const own = new Set(Object.values(expected).flat());
      const sources = allSources(csp);
      for (const other of scriptKinds.filter((candidate) => candidate !== kind)) {
        for (const origin of Object.values(scriptOrigins[other]).flat()) {
          if (!own.has(origin)) expect(sources).not.toContain(origin);
        }
      }
    });
  }

  it('is computed per organisation: one organisation’s scripts never widen another’s page', async () => {
    const withGtm = await portalCsp({ scripts: { ...noScripts, gtm: exampleIds.gtm } });
    const without = await portalCsp({});
    expect(withGtm.csp.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(without.csp.get('script-src')).toEqual(["'self'"]);
  });

  const banners: Record<'hubspot' | 'cookiebot' | 'onetrust', CookieBanner> = {
    hubspot: { type: 'hubspot', id: '1234567', showDeclaration: true, scriptUrl: null },
    cookiebot: {
      type: 'cookiebot',
      id: '0b6d2e3c-3a5f-4b7e-9c1d-2f3e4a5b6c7d',
      showDeclaration: true,
      scriptUrl: null,
    },
    onetrust: {
      type: 'onetrust',
      id: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      showDeclaration: true,
      scriptUrl: null,
    },
  };

  for (const type of ['hubspot', 'cookiebot', 'onetrust'] as const) {
    it(`allows exactly the origins of the ${type} cookie banner when it is configured`, async () => {
      const { csp } = await portalCsp({ cookieBanner: banners[type] });
      const expected = cookieBannerOrigins[type];
      for (const origin of expected.scriptSrc ?? []) expect(csp.get('script-src')).toContain(origin);
      for (const origin of expected.connectSrc ?? []) expect(csp.get('connect-src')).toContain(origin);
      for (const origin of expected.frameSrc ?? []) expect(csp.get('frame-src')).toContain(origin);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      const own = new Set(Object.values(expected).flat());
      const sources = allSources(csp);
      const others = [
        ...Object.entries(cookieBannerOrigins)
          .filter(([other]) => other !== type)
          .map(([, origins]) => origins),
        ...scriptKinds.map((kind) => scriptOrigins[kind]),
      ];
      for (const origin of others.flatMap((origins) => Object.values(origins).flat())) {
        if (!own.has(origin)) expect(sources).not.toContain(origin);
      }
    });
  }

  it('allows only the origin of an in-house banner’s script (Dropbox, PayPal)', async () => {
    for (const type of ['dropbox', 'paypal'] as const) {
      const { csp } = await portalCsp({
        cookieBanner: {
          type,
          id: `${type}-trust`,
          showDeclaration: true,
          scriptUrl: `https://consent.${type}.example/banner/v2.js`,
        },
      });
      expect(csp.get('script-src')).toEqual(["'self'", `https://consent.${type}.example`]);
      expect(csp.get('connect-src')).toEqual(["'self'", `https://consent.${type}.example`]);
      expect(csp.has('frame-src')).toBe(false);
    }
    // Stored without a usable address (an older version's value), it is no banner at all.
    const { csp, organisation } = await portalCsp({
      cookieBanner: { type: 'dropbox', id: 'dropbox-trust', showDeclaration: true },
    });
    expect(csp.get('script-src')).toEqual(["'self'"]);
    const view = await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` });
    expect(view.json().customisation.cookieBanner).toBeNull();
  });

  it('renders the GTM noscript frame only when GTM is configured', async () => {
    const withGtm = await portalCsp({ scripts: { ...noScripts, gtm: exampleIds.gtm } });
    expect(withGtm.response.body).toContain('https://www.googletagmanager.com/ns.html?id=GTM-AB12CD3');
    const without = await portalCsp({ scripts: { ...noScripts, gtag: exampleIds.gtag } });
    expect(without.response.body).not.toContain('ns.html');
  });

  it('still renders the page when a stored cookie banner or script id is not supported', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    await t.database.db
      .update(organisations)
      .set({
        customisation: {
          cookieBanner: { type: 'trustarc', id: 'x', showDeclaration: true },
          scripts: { ...noScripts, gtm: '"><script>alert(1)</script>' },
        } as never,
      })
      .where(eq(organisations.id, organisation.id));
    const response = await t.app.inject({ url: `/${organisation.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('alert(1)');
    expect(parseCsp(response.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    const view = await t.app.inject({ url: `/api/statuspage/share/${organisation.slug}/view` });
    expect(view.statusCode).toBe(200);
    expect(view.json().customisation.cookieBanner).toBeNull();
    expect(view.json().customisation.scripts.gtm).toBeNull();
  });
});

describe('PATCH /api/staff/organisation scripts and cookie banner', () => {
  async function staffSession() {
    const { organisation } = await createOrganisation(t.database.db);
    const user = await createStaffUser(t.database.db, organisation.id);
    return { organisation, session: await signInForSession(t.app, user.email) };
  }
  function patch(session: Awaited<ReturnType<typeof staffSession>>['session'], customisation: object) {
    return t.app.inject({
      method: 'PATCH',
      url: '/api/staff/organisation',
      cookies: session.cookies,
      headers: session.headers,
      payload: { customisation },
    });
  }

  it('saves valid ids, trims them and clears empty ones', async () => {
    const { session } = await staffSession();
    const response = await patch(session, {
      scripts: { ...exampleIds, gtag: '  G-AB12CD34EF ', intercom: '' },
      cookieBanner: { type: 'cookiebot', id: '0b6d2e3c-3a5f-4b7e-9c1d-2f3e4a5b6c7d', showDeclaration: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().customisation.scripts).toEqual({ ...exampleIds, intercom: null });
    expect(response.json().customisation.cookieBanner).toEqual({
      type: 'cookiebot',
      id: '0b6d2e3c-3a5f-4b7e-9c1d-2f3e4a5b6c7d',
      showDeclaration: true,
      scriptUrl: null,
    });
  });

  it('needs a public https script address for in-house banners, and drops one given to a vendor banner', async () => {
    const { session } = await staffSession();
    const fieldOf = async (cookieBanner: object) => {
      const response = await patch(session, { cookieBanner });
      expect(response.statusCode).toBe(400);
      return response.json().error.fields['body.customisation.cookieBanner.scriptUrl'];
    };
    expect(await fieldOf({ type: 'dropbox', id: 'dropbox-trust' })).toBe(
      "Enter the https address of your organisation's consent script",
    );
    for (const scriptUrl of [
      'http://consent.dropbox.example/banner.js',
      'https://10.0.0.5/banner.js',
      'https://user:secret@consent.dropbox.example/banner.js',
      'javascript:alert(1)',
    ]) {
      expect(await fieldOf({ type: 'paypal', id: 'paypal', scriptUrl })).toBe(
        'The consent script must be an https address on a public host',
      );
    }
    const saved = await patch(session, {
      cookieBanner: { type: 'paypal', id: 'paypal-trust', scriptUrl: 'https://consent.paypal.example/c.js' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().customisation.cookieBanner).toEqual({
      type: 'paypal',
      id: 'paypal-trust',
      showDeclaration: true,
      scriptUrl: 'https://consent.paypal.example/c.js',
    });
    const vendor = await patch(session, {
      cookieBanner: { type: 'hubspot', id: '1234567', scriptUrl: 'https://evil.example/x.js' },
    });
    expect(vendor.statusCode).toBe(200);
    expect(vendor.json().customisation.cookieBanner.scriptUrl).toBeNull();
  });

  it('refuses an unsupported cookie banner type with a 400 that names it, and keeps the old value', async () => {
    const { organisation, session } = await staffSession();
    const response = await patch(session, { cookieBanner: { type: 'trustarc', id: 'abc' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("Unsupported cookie banner type 'trustarc'");
    expect(response.json().error.fields).toHaveProperty('body.customisation.cookieBanner.type');
    const [row] = await t.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, organisation.id));
    expect(row!.customisation).not.toHaveProperty('cookieBanner');
  });

  it('refuses ids in the wrong format, each with its own message', async () => {
    const { session } = await staffSession();
    for (const kind of scriptKinds) {
      const response = await patch(session, { scripts: { ...noScripts, [kind]: 'not-an-id!' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[`body.customisation.scripts.${kind}`]).toMatch(/^Not a valid/);
    }
    const banner = await patch(session, { cookieBanner: { type: 'onetrust', id: 'nope' } });
    expect(banner.statusCode).toBe(400);
    expect(banner.json().error.fields['body.customisation.cookieBanner.id']).toContain('OneTrust');
  });
});
