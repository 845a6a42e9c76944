import { type Messages, setupI18n } from '@lingui/core';
import { formatDate, formatDateTime } from '../dates';
import type english from './catalogues/en.json';
import { type Locale, textDirection } from './locales';

/** A key of the visitor catalogue; English (catalogues/en.json) is the source every other translates. */
export type MessageKey = keyof typeof english;
export type MessageValues = Record<string, string | number>;

/**
 * A catalogue as scripts/compile-catalogues.mjs writes it: ICU messages compiled by Lingui (JSON, so
 * TypeScript reads its arrays loosely; the catalogue test checks each equals Lingui's compilation).
 */
export type CompiledCatalogue = Record<string, unknown>;

export type Translator = {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  t(key: MessageKey, values?: MessageValues): string;
  /** A day as the locale writes it; English keeps the spec's 'MMMM d, yyyy'. */
  date(value: Date | string | number): string;
  /** A moment, in UTC and said so; English keeps the product's 'Nov 26, 2026, 10:48 UTC'. */
  dateTime(value: Date | string | number): string;
};

/**
 * One locale's translator over its compiled catalogue (Lingui's runtime: ICU plurals and values,
 * no message parser in the browser). A key missing from the catalogue shows the key, never another
 * language; the catalogue test keeps every key in every catalogue.
 */
export function createTranslator(locale: Locale, catalogue: CompiledCatalogue): Translator {
  const i18n = setupI18n({ locale, messages: { [locale]: catalogue as Messages } });
  const dayFormat =
    locale === 'en'
      ? null
      : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const momentFormat =
    locale === 'en'
      ? null
      : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const inLocale = (format: Intl.DateTimeFormat, value: Date | string | number) => {
    const day = value instanceof Date ? value : new Date(value);
    return Number.isNaN(day.getTime()) ? String(value) : format.format(day);
  };
  return {
    locale,
    dir: textDirection(locale),
    t: (key, values) => i18n._(key, values),
    date: (value) => (dayFormat ? inLocale(dayFormat, value) : formatDate(value)),
    dateTime: (value) => (momentFormat ? `${inLocale(momentFormat, value)} UTC` : formatDateTime(value)),
  };
}

/** One translator per language over a set of compiled catalogues, made on first use. */
export function translatorsOver(catalogueOf: (locale: Locale) => CompiledCatalogue | undefined) {
  const made = new Map<Locale, Translator>();
  return (locale: Locale): Translator => {
    let translator = made.get(locale);
    if (!translator) {
      const catalogue = catalogueOf(locale);
      if (!catalogue) throw new Error(`No catalogue for ${locale}`);
      translator = createTranslator(locale, catalogue);
      made.set(locale, translator);
    }
    return translator;
  };
}
