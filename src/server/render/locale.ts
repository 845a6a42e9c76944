import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import ar from '../../shared/i18n/compiled/ar.json';
import de from '../../shared/i18n/compiled/de.json';
import en from '../../shared/i18n/compiled/en.json';
import es from '../../shared/i18n/compiled/es.json';
import fr from '../../shared/i18n/compiled/fr.json';
import ja from '../../shared/i18n/compiled/ja.json';
import ptBR from '../../shared/i18n/compiled/pt-BR.json';
import { isLocale, type Locale, localeQueryParameter, offeredLocalesOf } from '../../shared/i18n/locales';
import { type CompiledCatalogue, translatorsOver } from '../../shared/i18n/translator';

const catalogues: Record<Locale, CompiledCatalogue> = { en, de, fr, es, 'pt-BR': ptBR, ja, ar };
export const translatorFor = translatorsOver((locale) => catalogues[locale]);

/** The cookie that keeps a visitor's choice of language from the footer (or a ?lang= link). */
export const localeCookie = 'attest_locale';
const oneYearInSeconds = 365 * 24 * 60 * 60;

type LocaleSettings = { defaultLocale: Locale; offeredLocales: Locale[] };

/**
 * The best of the organisation's languages for this request: ?lang= when offered, then the kept
 * choice, then Accept-Language (a region falls back to its language: de-AT → de, pt-PT → pt-BR),
 * then the organisation's default.
 */
export function chooseLocale(request: FastifyRequest, settings: LocaleSettings): Locale {
  const offered = offeredLocalesOf(settings);
  const isOffered = (value: unknown): value is Locale => isLocale(value) && offered.includes(value);
  const asked = (request.query as Record<string, unknown> | undefined)?.[localeQueryParameter];
  if (isOffered(asked)) return asked;
  const kept = request.cookies?.[localeCookie];
  if (isOffered(kept)) return kept;
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.trim()) {
    const exact = new Negotiator({ headers: { 'accept-language': header } }).languages([...offered])[0];
    if (isOffered(exact)) return exact;
    const byLanguage = new Negotiator({ headers: { 'accept-language': languagesOnly(header) } }).languages(
      offered.map(primaryLanguage),
    )[0];
    const match = offered.find((locale) => primaryLanguage(locale) === byLanguage);
    if (match) return match;
  }
  return settings.defaultLocale;
}

function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/** 'pt-PT,fr-CA;q=0.8' → 'pt,fr;q=0.8': regions dropped, weights kept. */
function languagesOnly(header: string): string {
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      return [primaryLanguage(tag), ...parameters].join(';');
    })
    .join(',');
}

/** A ?lang= the organisation offers is kept for the visitor's next pages (no effect on anything else). */
export function keepAskedLocale(request: FastifyRequest, reply: FastifyReply, locale: Locale) {
  const asked = (request.query as Record<string, unknown> | undefined)?.[localeQueryParameter];
  if (asked !== locale || request.cookies?.[localeCookie] === locale) return;
  reply.setCookie(localeCookie, locale, {
    path: '/',
    maxAge: oneYearInSeconds,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
  });
}
