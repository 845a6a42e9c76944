import type { Translator } from '../../../../shared/i18n/translator';
import type { KbAccessLevel, KbTimeFilter } from '../../../../shared/knowledge-base-texts';
import { useFeatureTexts } from '../../../lib/i18n';

/** The knowledge base panel's and dialog's texts in the page's language (the console's are English). */
export function kbTextsFor({ t }: Translator) {
  return {
    panelTitle: t('kb.panelTitle'),
    viewMore: t('cards.viewMore'),
    searchPlaceholder: t('kb.searchPlaceholder'),
    filterAccess: t('kb.filterAccess'),
    filterProducts: t('access.products'),
    filterTime: t('kb.filterTime'),
    columnFavorite: t('kb.columnFavorite'),
    columnDetails: t('kb.columnDetails'),
    columnComment: t('kb.columnComment'),
    columnAccess: t('kb.filterAccess'),
    columnDateAdded: t('kb.columnDateAdded'),
    columnLastModified: t('kb.columnLastModified'),
    noMatches: t('specialised.noResults'),
    noEntries: t('kb.noEntries'),
    favorite: t('kb.favorite'),
    close: t('access.close'),
    allLevels: t('kb.allLevels'),
    allProducts: t('kb.allProducts'),
    entriesLabel: t('kb.entriesLabel'),
    pagesLabel: t('kb.pagesLabel'),
    rowsPerPage: t('kb.rowsPerPage'),
    entryCount: (count: number) => t('kb.entryCount', { count }),
    accessLevels: {
      public: t('kb.accessPublic'),
      restricted: t('kb.accessRestricted'),
      internal: t('kb.accessInternal'),
    } satisfies Record<KbAccessLevel, string>,
    timeFilters: {
      last1d: t('kb.timeLast1d'),
      last7d: t('kb.timeLast7d'),
      last1m: t('kb.timeLast1m'),
      last1y: t('kb.timeLast1y'),
      all: t('kb.timeAll'),
    } satisfies Record<KbTimeFilter, string>,
  };
}
export type KbTexts = ReturnType<typeof kbTextsFor>;

export function useKbTexts(): KbTexts {
  return useFeatureTexts(kbTextsFor);
}
