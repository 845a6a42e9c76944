import { createContext, Fragment, type ReactNode, useContext, useMemo } from 'react';
import type { Locale } from '../../shared/i18n/locales';
import {
  type CompiledCatalogue,
  createTranslator,
  type MessageKey,
  type MessageValues,
  type Translator,
} from '../../shared/i18n/translator';

const TranslatorContext = createContext<Translator | null>(null);
let fallbackTranslator: Translator | null = null;

export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * The page's translator. Every root (server renderer, hydration, console) provides one; only unit
 * tests render without, on the English fallback their setup installs.
 */
export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext) ?? fallbackTranslator;
  if (!translator) throw new Error('No translator: render inside TranslatorProvider');
  return translator;
}

/**
 * A feature's texts in the page's language, one object per page: the language does not change while
 * the page is open, so memos and effects may depend on it. `textsFor` must be a module-level function.
 */
export function useFeatureTexts<Texts>(textsFor: (translator: Translator) => Texts): Texts {
  const translator = useTranslator();
  return useMemo(() => textsFor(translator), [textsFor, translator]);
}

export function setFallbackTranslator(translator: Translator) {
  fallbackTranslator = translator;
}

// Each compiled catalogue is its own chunk: a page loads only its language's strings.
const catalogueLoaders = import.meta.glob<CompiledCatalogue>('../../shared/i18n/compiled/*.json', {
  import: 'default',
});

export async function loadTranslator(locale: Locale): Promise<Translator> {
  const load = catalogueLoaders[`../../shared/i18n/compiled/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return createTranslator(locale, await load());
}

const marker = '\u0000';

/**
 * A message whose values include elements (a link inside a sentence): each element's place is marked
 * in the translated text and the text is split there, so translators move the link with the words.
 */
export function translateWithElements(
  translator: Translator,
  key: MessageKey,
  values: Record<string, ReactNode>,
): ReactNode {
  const elements: ReactNode[] = [];
  const textValues: MessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') textValues[name] = value;
    else textValues[name] = `${marker}${elements.push(value) - 1}${marker}`;
  }
  const parts = translator.t(key, textValues).split(marker);
  // Odd parts are element indexes: "text␀0␀text" → text, element 0, text.
  return parts.map((part, index) => (
    <Fragment key={index}>{index % 2 === 1 ? elements[Number(part)] : part}</Fragment>
  ));
}
