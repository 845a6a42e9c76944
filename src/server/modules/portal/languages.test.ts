import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../../shared/i18n/locales';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { pageData } from '../../test/page-data';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInForSession } from '../staff/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0] ?? '';
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)">/)?.[1];
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g)].map(([, lang, href]) => [
      lang,
      href!.replaceAll('&amp;', '&'),
    ]),
  );

async function organisationOffering(offeredLocales: string[], defaultLocale = 'en') {
  const { organisation } = await createOrganisation(t.database.db, {
    name: 'Initech',
    customisation: { defaultLocale, offeredLocales } as never,
  });
  return organisation;
}

function visit(slug: string, options: { query?: string; acceptLanguage?: string; cookie?: string } = {}) {
  return t.app.inject({
    url: `/${slug}${options.query ?? ''}`,
    headers: {
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

describe('the portal in several languages', () => {
  it('speaks English without a preference, and the visitor language its Accept-Language asks for', async () => {
    const organisation = await organisationOffering([...locales]);
    const english = await visit(organisation.slug);
    expect(htmlTag(english.body)).toContain('lang="en" dir="ltr"');
    expect(english.body).toContain('Cookie settings');
    expect(english.headers.vary).toContain('Accept-Language');

    const german = await visit(organisation.slug, { acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5' });
    expect(htmlTag(german.body)).toContain('lang="de" dir="ltr"');
    expect(german.body).toContain('Cookie-Einstellungen');
    expect(german.body).not.toContain('>Cookie settings<');
    expect(pageData(german.body).languages.locale).toBe('de');
    // The language's catalogue is fetched beside the page's script, not after it.
    expect(german.body).toMatch(/<link rel="modulepreload" href="\/assets\/de-[\w-]+\.js"/);

    // A region the organisation does not list falls back to its language; Japanese by its region too.
    expect(
      pageData((await visit(organisation.slug, { acceptLanguage: 'pt-PT' })).body).languages.locale,
    ).toBe('pt-BR');
    expect(
      pageData((await visit(organisation.slug, { acceptLanguage: 'ja-JP' })).body).languages.locale,
    ).toBe('ja');
    // The anonymous page is shared per language: English visitors still get English after a German one.
    expect((await visit(organisation.slug)).body).toContain('Cookie settings');
  });

  it('renders Arabic right to left, and keeps a ?lang= choice for the next pages in a cookie', async () => {
    const organisation = await organisationOffering([...locales]);
    const chosen = await visit(organisation.slug, { query: '?lang=ar', acceptLanguage: 'en' });
    expect(htmlTag(chosen.body)).toContain('lang="ar" dir="rtl"');
    expect(chosen.body).toContain('إعدادات ملفات تعريف الارتباط');
    const cookie = chosen.cookies.find((candidate) => candidate.name === 'attest_locale');
    expect(cookie).toMatchObject({ value: 'ar', path: '/', httpOnly: true, sameSite: 'Lax' });

    const next = await visit(organisation.slug, { acceptLanguage: 'en', cookie: 'attest_locale=ar' });
    expect(htmlTag(next.body)).toContain('lang="ar" dir="rtl"');
    // The footer links the same page in every other language, each named in itself.
    const { hrefs, offered } = pageData(next.body).languages;
    expect(offered).toEqual([...locales]);
    expect(hrefs.de).toBe(`/${organisation.slug}?lang=de`);
    expect(next.body).toMatch(/hreflang="ja" lang="ja"[^>]*>日本語<\/a>/i);
  });

  it('offers only the organisation’s languages: others are ignored, the default answers', async () => {
    const organisation = await organisationOffering(['en'], 'de');
    const asked = await visit(organisation.slug, { query: '?lang=fr', acceptLanguage: 'fr-FR' });
    expect(htmlTag(asked.body)).toContain('lang="de"');
    expect(asked.cookies.find((candidate) => candidate.name === 'attest_locale')).toBeUndefined();
    // Only two languages: English is offered beside the default German.
    expect(pageData(asked.body).languages.offered).toEqual(['en', 'de']);
    expect(htmlTag((await visit(organisation.slug, { acceptLanguage: 'en-GB' })).body)).toContain(
      'lang="en"',
    );
    // A language nobody offers is no error, and the cookie of another organisation's language is ignored.
    expect((await visit(organisation.slug, { cookie: 'attest_locale=ja' })).body).toContain('lang="de"');
    const one = await organisationOffering([]);
    const single = await visit(one.slug, { acceptLanguage: 'de' });
    expect(htmlTag(single.body)).toContain('lang="en"');
    expect(single.body).not.toContain('hreflang=');
  });

  it('names every language version in the head, and the canonical address of the language shown', async () => {
    const organisation = await organisationOffering(['en', 'de', 'ar']);
    const german = await visit(organisation.slug, { query: '?lang=de' });
    const base = `http://localhost/${organisation.slug}`;
    const links = alternates(german.body);
    expect(Object.keys(links).sort()).toEqual(['ar', 'de', 'en', 'x-default']);
    expect(links.de).toMatch(/\?lang=de$/);
    expect(links.en).not.toContain('lang=');
    expect(links['x-default']).toBe(links.en);
    expect(canonical(german.body)).toBe(links.de);
    expect(links.en!.startsWith(base.split('/').slice(0, 2).join('/'))).toBe(true);
    expect(german.body).toContain('<meta property="og:locale" content="de">');
    expect(german.body).toContain('Informationen zu Sicherheit, Datenschutz und Compliance von Initech');
  });

  it('tells a German visitor in German that a link leads nowhere, on the organisation’s page', async () => {
    const organisation = await organisationOffering([...locales]);
    const missing = await t.app.inject({
      url: `/${organisation.slug}/item/no-such-item`,
      headers: { 'accept-language': 'de' },
    });
    expect(missing.statusCode).toBe(404);
    expect(htmlTag(missing.body)).toContain('lang="de"');
    expect(missing.body).toContain('Seite nicht gefunden');
    expect(missing.body).toContain('Zurück zum Initech Trust Center');
    const english = await t.app.inject({ url: `/${organisation.slug}/item/no-such-item` });
    expect(english.body).toContain('Page not found');
  });

  it('lets staff choose the default and the offered languages, and refuses one the portal does not speak', async () => {
    const { organisation } = await createOrganisation(t.database.db, { name: 'Globex' });
    const user = await createStaffUser(t.database.db, organisation.id);
    const session = await signInForSession(t.app, user.email);
    const patch = (customisation: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/staff/organisation',
        cookies: session.cookies,
        headers: session.headers,
        payload: { customisation },
      });
    const refused = await patch({ defaultLocale: 'xx' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['body.customisation.defaultLocale']).toContain('"de"');
    const saved = await patch({ defaultLocale: 'fr', offeredLocales: ['ja', 'ja', 'en'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().customisation).toMatchObject({ defaultLocale: 'fr', offeredLocales: ['ja', 'en'] });
    const page = await visit(organisation.slug);
    expect(htmlTag(page.body)).toContain('lang="fr"');
    expect(pageData(page.body).languages.offered).toEqual(['en', 'fr', 'ja']);
  });
});
