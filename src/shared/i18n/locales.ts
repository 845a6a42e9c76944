/**
 * The visitor portal's languages (issue 35): English holds the spec's texts; every other catalogue
 * translates each of its keys. Arabic proves the right-to-left layout.
 */
export const locales = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'] as const;
/** The type only: this module stays free of zod, because the portal's first load imports it. */
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';

/** Each language named in itself, as a language menu shows it. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
};

const rightToLeft: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The query parameter that names the portal's language in links, feeds and hreflang alternates. */
export const localeQueryParameter = 'lang';

/** The offered locales in catalogue order, the default always among them. */
export function offeredLocalesOf(settings: { defaultLocale: Locale; offeredLocales: Locale[] }): Locale[] {
  const offered = new Set<Locale>([settings.defaultLocale, ...settings.offeredLocales]);
  return locales.filter((locale) => offered.has(locale));
}
