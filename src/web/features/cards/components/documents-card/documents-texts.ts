import type { Translator } from '../../../../../shared/i18n/translator';
import { useFeatureTexts } from '../../../../lib/i18n';

/**
 * The documents card's texts (spec 2 §2, §8) in the page's language. English repeats documentMessages
 * of shared/documents.ts where the server says the same (zod stays out of the first load); a test
 * keeps them equal.
 */
export function documentsTextsFor({ t }: Translator) {
  return {
    featuredDocuments: t('documents.featuredDocuments'),
    viewAllDocuments: t('documents.viewAllDocuments'),
    viewLess: t('cards.viewLess'),
    untitled: t('documents.untitled'),
    downloadingFailed: t('documents.downloadingFailed'),
    bulkDownloadFailed: (count: number) => t('documents.bulkDownloadFailed', { count }),
    tabsLabel: t('documents.tabsLabel'),
    tabs: {
      all: t('documents.tabAll'),
      public: t('documents.tabPublic'),
      private: t('documents.tabPrivate'),
    },
    bulkDownload: t('documents.bulkDownload'),
    bulkDownloadDescription: t('documents.bulkDownloadDescription'),
    selectAll: t('documents.selectAll'),
    selectedOf: (selected: number, total: number) => t('documents.selectedOf', { selected, total }),
    selectOne: t('documents.selectOne'),
    downloadCount: (count: number) => t('documents.downloadCount', { count }),
    preparing: (count: number) => t('documents.preparing', { count }),
    cancel: t('documents.cancel'),
    errorTitle: t('documents.errorTitle'),
    errorText: t('documents.errorText'),
    tryAgain: t('common.tryAgain'),
    downloadComplete: t('documents.downloadComplete'),
    downloaded: (count: number) => t('documents.downloaded', { count }),
    backTo: (portalTitle: string) => t('access.backTo', { portalTitle }),
    open: (title: string) => t('documents.open', { title }),
    download: (title: string) => t('documents.download', { title }),
    viewOnly: t('documents.viewOnly'),
    downloadFailed: t('documents.downloadFailed'),
    encryptedViewing: t('documents.encryptedViewing'),
    viewOnlyIn: (portalTitle: string) => t('documents.viewOnlyIn', { portalTitle }),
    locked: t('documents.locked'),
    getAccess: t('documents.getAccess'),
    getAccessTo: (title: string) => t('documents.getAccessTo', { title }),
    empty: t('documents.empty'),
    emptyTab: t('documents.emptyTab'),
    documentsCount: (count: number) => t('documents.documentsCount', { count }),
    view: t('documents.view'),
    edit: t('cards.edit'),
    byCategory: t('documents.byCategory'),
  };
}
export type DocumentsTexts = ReturnType<typeof documentsTextsFor>;

export function useDocumentsTexts(): DocumentsTexts {
  return useFeatureTexts(documentsTextsFor);
}
