import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { assets, organisations } from '../../db/schema';
import { renderNoAccessPage } from '../../render/error-pages';
import { createOrganisation, createProduct, createStaffUser } from '../../test/factories';
import { pageData } from '../../test/page-data';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function headTag(html: string, pattern: RegExp): string | undefined {
  return html.match(pattern)?.[1];
}
const meta = (html: string, property: string) =>
  headTag(
    html,
    new RegExp(`<meta (?:property|name)="${property.replaceAll(':', '\\:')}" content="([^"]*)">`),
  );

/** Reads a PNG the way a decoder does: signature, IHDR, then inflates IDAT to the expected size. */
function decodePngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let header: { width: number; height: number; channels: number } | null = null;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      const colourType = body[9]!;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        channels: { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType] ?? 1,
      };
      expect(body[8]).toBe(8);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  if (!header) throw new Error('no IHDR chunk');
  const pixels = inflateSync(Buffer.concat(data));
  expect(pixels.length).toBe(header.height * (1 + header.width * header.channels));
  return { width: header.width, height: header.height };
}

async function insertAsset(organisationId: string, contentType: string, bytes: Buffer) {
  const [asset] = await t.database.db
    .insert(assets)
    .values({ organisationId, contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') })
    .returning();
  return asset!;
}

describe('GET /:org (the portal page)', () => {
  it('fills the head for link previews and search engines', async () => {
    const { organisation } = await createOrganisation(t.database.db, {
      name: 'Globex & Co',
      customisation: { portalTitle: 'Security Portal', description: 'How Globex keeps <your> data safe.' },
    });
    const response = await t.app.inject({ url: `/${organisation.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;

    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe('Security Portal | Globex &amp; Co');
    expect(meta(html, 'description')).toBe('How Globex keeps &lt;your&gt; data safe.');
    expect(headTag(html, /<link rel="canonical" href="([^"]*)">/)).toBe(
      `http://attest.test/${organisation.slug}`,
    );
    expect(headTag(html, /<link rel="icon" href="([^"]*)">/)).toMatch(/^data:image\/svg\+xml,/);
    expect(meta(html, 'og:title')).toBe('Security Portal | Globex &amp; Co');
    expect(meta(html, 'og:site_name')).toBe('Globex &amp; Co');
    expect(meta(html, 'og:description')).toBe('How Globex keeps &lt;your&gt; data safe.');
    expect(meta(html, 'og:url')).toBe(`http://attest.test/${organisation.slug}`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:alt')).toBe('Security Portal of Globex &amp; Co');
    expect(meta(html, 'og:updated_time')).toBe(organisation.updatedAt.toISOString());
    expect(meta(html, 'article:modified_time')).toBe(organisation.updatedAt.toISOString());
    expect(meta(html, 'robots')).toBeUndefined();

    const image = new URL(meta(html, 'og:image')!);
    expect(image.origin).toBe('http://attest.test');
    const png = await t.app.inject({ url: image.pathname + image.search });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decodePngSize(png.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('falls back to a default description, uses the favicon asset, and links styles and scripts only from /assets', async () => {
    const { organisation } = await createOrganisation(t.database.db, { name: 'Initech' });
    const logo = await insertAsset(organisation.id, 'image/png', Buffer.from('not really a png'));
    await t.database.db.update(organisations).set({ logoAssetId: logo.id });
    const html = (await t.app.inject({ url: `/${organisation.slug}` })).body;
    expect(meta(html, 'description')).toContain('Security, privacy and compliance information from Initech');

    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      expect(attributes).toMatch(/ src="\/assets\/[^"]+\.js"| type="application\/json"/);
    }
    // The portal's script only hydrates what is drawn: it yields the link to the first paint's needs.
    expect(html).toMatch(/<script type="module" src="\/assets\/[^"]+\.js" fetchpriority="low"><\/script>/);
    for (const preload of html.match(/<link rel="modulepreload"[^>]*>/g) ?? []) {
      expect(preload).toContain('fetchpriority="low"');
    }
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
    const stylesheet = html.match(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)">/)![1]!;
    const css = await t.app.inject({ url: stylesheet });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toContain('immutable');
  });

  it('inlines the page data for hydration, safe against markup in values', async () => {
    const { organisation } = await createOrganisation(t.database.db, {
      name: 'Evil </script><script>alert(1)</script> Corp',
    });
    const html = (await t.app.inject({ url: `/${organisation.slug}` })).body;
    expect(html).not.toContain('</script><script>alert(1)');
    const data = pageData(html);
    expect(data.view.organisation.name).toBe('Evil </script><script>alert(1)</script> Corp');
    expect(data.basePath).toBe(`/${organisation.slug}`);
    expect(data.csrfToken).toBeNull();
    expect(data.view.viewer.mode).toBe('public');
  });

  it('renders the overview before any script: organisation, description and product', async () => {
    const { organisation } = await createOrganisation(t.database.db, {
      name: 'Umbrella',
      customisation: { description: 'Vaccines, safely.' },
    });
    await createProduct(t.database.db, organisation.id, { name: 'Umbrella Labs', slug: 'labs' });
    const html = (await t.app.inject({ url: `/${organisation.slug}?product=labs` })).body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('>Umbrella</h1>');
    expect(root).toContain('Vaccines, safely.');
    expect(root).toContain('Umbrella Labs');
    expect(root).toContain(messages.builtOn);
    expect(headTag(html, /<link rel="canonical" href="([^"]*)">/)).toBe(
      `http://attest.test/${organisation.slug}?product=labs`,
    );
  });

  it('keeps hidden products out of the public HTML and shows them to signed-in staff in Main mode', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    await createProduct(t.database.db, organisation.id, { name: 'Project Nightjar', isShown: false });
    const publicHtml = (await t.app.inject({ url: `/${organisation.slug}` })).body;
    expect(publicHtml).not.toContain('Project Nightjar');

    const staff = await createStaffUser(t.database.db, organisation.id, { name: 'Dana Staff' });
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: staff.id,
    });
    const response = await t.app.inject({ url: `/${organisation.slug}`, cookies: session.cookies });
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = pageData(response.body);
    expect(data.view.viewer.mode).toBe('main');
    expect(data.csrfToken).toBe(session.csrfToken);
    expect(response.body).toContain('Project Nightjar');
    expect(response.body).toContain('Dana Staff');
    expect(meta(response.body, 'robots')).toBe('noindex, nofollow');

    const preview = await t.app.inject({
      url: `/${organisation.slug}?preview=public`,
      cookies: session.cookies,
    });
    expect(pageData(preview.body).view.viewer.mode).toBe('preview');
    expect(preview.body).toContain('Previewing as the public');
    expect(preview.body).not.toContain('Project Nightjar');
  });
});

describe('HTML errors', () => {
  it('redirects an unknown organisation to the default route (spec 1 §2), and answers an unknown Host with "Company not found"', async () => {
    for (const url of ['/no-such-company', '/no-such-company/item/soc-2', '/no-such-company?product=x']) {
      const unknownSlug = await t.app.inject({ url });
      expect(unknownSlug.statusCode).toBe(302);
      expect(unknownSlug.headers.location).toBe('/');
      expect(unknownSlug.headers['cache-control']).toBe('no-store');
    }
    // The API keeps its JSON 404: only pages redirect.
    const api = await t.app.inject({ url: '/api/statuspage/share/no-such-company/view' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'organisation_not_found' } });

    const unknownHost = await t.app.inject({ url: '/', headers: { host: 'trust.nobody.example' } });
    expect(unknownHost.statusCode).toBe(404);
    expect(unknownHost.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknownHost.body).toContain(messages.companyNotFound);
    expect(unknownHost.body).not.toContain('"error"');
  });

  it('serves the organisation on its own domain, with links relative to that domain', async () => {
    const { organisation } = await createOrganisation(t.database.db, {
      name: 'Hooli',
      customDomain: 'trust.hooli.example',
    });
    const response = await t.app.inject({ url: '/', headers: { host: 'trust.hooli.example' } });
    expect(response.statusCode).toBe(200);
    const data = pageData(response.body);
    expect(data.view.organisation.id).toBe(organisation.id);
    expect(data.basePath).toBe('');
    expect(headTag(response.body, /<link rel="canonical" href="([^"]*)">/)).toBe(
      'https://trust.hooli.example',
    );
    expect(meta(response.body, 'og:image')).toMatch(/^https:\/\/trust\.hooli\.example\/api\/share\//);
  });

  it('answers staff previewing as an unknown account with a 400 page naming it, not an empty preview', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const staff = await createStaffUser(t.database.db, organisation.id);
    const session = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: staff.id,
    });
    const response = await t.app.inject({
      url: `/${organisation.slug}?accountId=00000000-0000-4000-8000-000000000000`,
      cookies: session.cookies,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(messages.previewAccountNotFound);
    expect(response.body).not.toContain('Previewing as');
    // Branded like the other small pages, with a way back; the body says what to do, not the heading again.
    expect(response.body).toContain(
      `<title>${messages.previewAccountNotFound} · ${organisation.name}</title>`,
    );
    expect(response.body).toContain(`href="/${organisation.slug}"`);
    expect(response.body).toContain(`Back to the ${organisation.name} Trust Center`);
    expect(response.body).toContain('preview menu in the staff console');
    expect(response.body.split(messages.previewAccountNotFound)).toHaveLength(3);
  });

  it('answers malformed or oversized query values with a 400 page, not a stack trace', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    for (const query of [
      `accountId=${'a'.repeat(5000)}`,
      'subscribeStatus=Maybe',
      `edit=${'x'.repeat(3000)}`,
    ]) {
      const response = await t.app.inject({ url: `/${organisation.slug}?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('This link is not valid');
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
      // Branded, with a way back, though the query failed before the viewer was built.
      expect(response.body).toContain(`· ${organisation.name}</title>`);
      expect(response.body).toContain(`href="/${organisation.slug}"`);
    }
  });

  it('answers other unknown pages with an HTML 404 and keeps JSON for unknown API paths', async () => {
    const page = await t.app.inject({ url: '/some/where/else' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const api = await t.app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });

  it('shows "Sorry, an error has occurred." with the cause outside production, and no cause in production', async () => {
    const slug = `broken-${Date.now().toString(36)}`;
    const broken = { slug, name: 'Broken', customisation: { accentColor: 'red' } };
    await t.database.db.insert(organisations).values(broken);
    const response = await t.app.inject({ url: `/${slug}` });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(messages.genericError);
    expect(response.body).toContain('accentColor');

    // Production also wants real mail; nothing is sent in this test.
    const production = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      await production.database.db.insert(organisations).values(broken);
      const hidden = await production.app.inject({ url: `/${slug}` });
      expect(hidden.statusCode).toBe(500);
      expect(hidden.body).toContain(messages.genericError);
      expect(hidden.body).not.toContain('accentColor');
    } finally {
      await production.close();
    }
  });

  it('renders the No access page', async () => {
    const html = await renderNoAccessPage({ isWatching: false });
    expect(html).toContain('You don&#x27;t have access to this page');
  });

  it("shows the No access page to anyone but the organisation's staff who opens a preview address", async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const other = await createOrganisation(t.database.db);
    const otherStaff = await createStaffUser(t.database.db, other.organisation.id);
    const otherSession = await createTestSession(t.database.db, {
      organisationId: other.organisation.id,
      staffUserId: otherStaff.id,
    });
    const previews = [
      '?preview=public',
      '?accountId=00000000-0000-4000-8000-000000000000',
      '?permissionProfileId=00000000-0000-4000-8000-000000000000',
    ];
    for (const query of previews) {
      for (const cookies of [undefined, otherSession.cookies]) {
        const response = await t.app.inject({ url: `/${organisation.slug}${query}`, cookies });
        expect(response.statusCode).toBe(403);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('You don&#x27;t have access to this page');
        expect(response.body).not.toContain('attest-page-data');
        expect(response.body).toContain(`Back to the ${organisation.name} Trust Center`);
      }
    }
    expect((await t.app.inject({ url: `/${organisation.slug}` })).statusCode).toBe(200);
  });
});

describe('other pages', () => {
  it('/about says what Attest is and its licence, without scripts', async () => {
    const response = await t.app.inject({ url: '/about' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('open-source, self-hostable trust center');
    expect(response.body).toContain('AGPL-3.0-only');
    expect(response.body).not.toContain('<script');
  });

  it('/console and its sub-paths send the console shell', async () => {
    for (const url of ['/console', '/console/settings']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<script type="module" src="\/assets\/console-[^"]+\.js"><\/script>/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('/ on our own host redirects to the only organisation, or to the console when there are several', async () => {
    expect((await t.app.inject({ url: '/' })).headers.location).toBe('/console');
    const single = await createTestApp();
    try {
      const { organisation } = await createOrganisation(single.database.db);
      const response = await single.app.inject({ url: '/?product=platform' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/${organisation.slug}?product=platform`);
    } finally {
      await single.close();
    }
  });
});
