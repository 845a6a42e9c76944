import type { Translator } from '../../../../shared/i18n/translator';
import { useFeatureTexts } from '../../../lib/i18n';

/** The visitor side's texts for cards and items (spec 2 §2, §4), named once, in the page's language. */
export function cardTextsFor({ t }: Translator) {
  return {
    viewMore: t('cards.viewMore'),
    viewLess: t('cards.viewLess'),
    hidden: t('cards.hidden'),
    hiddenHint: t('cards.hiddenHint'),
    publicAccess: t('cards.publicAccess'),
    inProgress: t('cards.inProgress'),
    every: (recurrence: string) => t('cards.every', { recurrence }),
    modifiedAt: (date: string) => t('cards.modifiedAt', { date }),
    modifiedBy: (name: string) => t('cards.modifiedBy', { name }),
    restricted: t('cards.restricted'),
    requestAccess: t('cards.requestAccess'),
    edit: t('cards.edit'),
    close: t('cards.close'),
    openCard: t('cards.openCard'),
    defaultPlaceholder: t('cards.defaultPlaceholder'),
    noEnabledItems: (count: number) => t('cards.noEnabledItems', { count }),
    emptyCards: t('cards.emptyCards'),
    itemCount: (count: number) => t('cards.itemCount', { count }),
    emptyDrawer: t('cards.emptyDrawer'),
    auditor: t('cards.auditor'),
    expires: t('cards.expires'),
    maturity: t('cards.maturity'),
    moreDetails: t('cards.moreDetails'),
    lessDetails: t('cards.lessDetails'),
    type: t('cards.type'),
    loading: t('cards.loading'),
    discardTitle: t('cards.discardTitle'),
    discardDescription: t('cards.discardDescription'),
    keepEditing: t('cards.keepEditing'),
    discard: t('cards.discard'),
    status: {
      Enabled: t('cards.statusEnabled'),
      WorkInProgress: t('cards.statusWorkInProgress'),
      NotEnabled: t('cards.statusNotEnabled'),
    },
  };
}
export type CardTexts = ReturnType<typeof cardTextsFor>;

export function useCardTexts(): CardTexts {
  return useFeatureTexts(cardTextsFor);
}
