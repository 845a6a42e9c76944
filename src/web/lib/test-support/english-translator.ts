import english from '../../../shared/i18n/compiled/en.json';
import { createTranslator } from '../../../shared/i18n/translator';
import { setFallbackTranslator } from '../i18n';

/** Web tests render components alone, without the page's TranslatorProvider: English, as the spec's texts. */
export const englishTranslator = createTranslator('en', english);
setFallbackTranslator(englishTranslator);
