import { z } from 'zod';
import { locales } from './locales';

/** A language of the visitor portal, as settings and inputs name it. */
export const LocaleSchema = z.enum(locales);
