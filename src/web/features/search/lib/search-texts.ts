import type { Translator } from '../../../../shared/i18n/translator';
import type { SearchResultType } from '../../../../shared/search';
import { useFeatureTexts } from '../../../lib/i18n';

/** The search dialog's and Ask AI's texts (spec 1 §2, §4) in the page's language. */
export function searchTextsFor({ t }: Translator) {
  return {
    placeholder: t('search.placeholder'),
    startSearching: t('search.startSearching'),
    noResults: t('search.noResults'),
    tryDifferentTerm: t('search.tryDifferentTerm'),
    topMatch: t('search.topMatch'),
    results: (count: number) => t('search.results', { count }),
    searching: t('search.searching'),
    more: (count: number) => t('search.more', { count }),
    modeSearch: t('search.modeSearch'),
    modeAskAi: t('search.modeAskAi'),
    generatingAnswer: t('search.generatingAnswer'),
    answer: t('search.answer'),
    copyResponse: t('search.copyResponse'),
    generatedFrom: (count: number) => t('search.generatedFrom', { count }),
    answerFailed: t('search.answerFailed'),
    searchFailed: t('search.searchFailed'),
    searchErrorState: t('search.searchErrorState'),
    answerErrorState: t('search.answerErrorState'),
    tryAgain: t('common.tryAgain'),
    noAnswer: t('search.noAnswer'),
    askQuestion: t('search.askQuestion'),
    askQuestionEnter: t('search.askQuestionEnter'),
    close: t('search.close'),
    toSelect: t('search.toSelect'),
    toNavigate: t('search.toNavigate'),
    toClose: t('search.toClose'),
    selectedResult: t('search.selectedResult'),
    askIntro: t('search.askIntro'),
    restrictedItem: t('search.restrictedItem'),
    loadingMore: t('search.loadingMore'),
    groups: {
      document: t('search.groupDocument'),
      control: t('search.groupControl'),
      fact: t('search.groupFact'),
      faq: t('search.groupFaq'),
      trust_item: t('search.groupTrustItem'),
      update: t('search.groupUpdate'),
      webpage: t('search.groupWebpage'),
    } satisfies Record<SearchResultType, string>,
    open: {
      document: t('search.openDocument'),
      update: t('search.goToUpdate'),
      faq: t('search.openInKnowledgeBase'),
      webpage: t('search.openPage'),
      item: t('search.openItem'),
    },
  };
}
export type SearchTexts = ReturnType<typeof searchTextsFor>;

export function useSearchTexts(): SearchTexts {
  return useFeatureTexts(searchTextsFor);
}
