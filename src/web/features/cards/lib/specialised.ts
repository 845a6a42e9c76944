import type { CardView } from '../../../../shared/cards';
import type { Translator } from '../../../../shared/i18n/translator';
import type { PortalView, ViewerMode } from '../../../../shared/portal';
import type { SpecialisedView } from '../../../../shared/specialised-cards';
import { useFeatureTexts } from '../../../lib/i18n';
import { cardTextsFor } from './card-texts';

/** The view's specialised data; views built before that data existed have none. */
export function specialisedOf(view: Pick<PortalView, 'specialised'>): SpecialisedView {
  return (
    view.specialised ?? {
      itemKeys: {},
      riskAnswers: {},
      securityGrades: [],
      trustedBy: [],
      subprocessors: [],
      overview: '',
      integrations: [],
    }
  );
}

/** Cards whose content is not items: visitors see them once they hold something. */
export function isSpecialisedCardShown(card: CardView, view: PortalView, mode: ViewerMode): boolean | null {
  const data = specialisedOf(view);
  if (mode === 'main' && card.kind !== 'CustomerData') {
    if (card.kind === 'TrustedBy' || card.kind === 'Subprocessors' || card.kind === 'Overview') return true;
  }
  const hasItems = card.items.length > 0;
  if (card.kind === 'TrustedBy') return hasItems || data.trustedBy.length > 0;
  if (card.kind === 'Subprocessors') return hasItems || data.subprocessors.length > 0;
  if (card.kind === 'Overview') return hasItems || data.overview.trim().length > 0;
  return null;
}

/**
 * What a card's expanded header counts: the companies of the trusted-by card and the rows of the
 * subprocessors card (they are not items), the items of every other card.
 */
export function cardContentCount(
  view: Pick<PortalView, 'specialised'>,
  card: CardView,
  translator: Translator,
): string {
  const data = specialisedOf(view);
  const specialisedTexts = specialisedTextsFor(translator);
  const cardTexts = cardTextsFor(translator);
  if (card.kind === 'TrustedBy') return specialisedTexts.companyCount(data.trustedBy.length);
  if (card.kind === 'Subprocessors') return specialisedTexts.subprocessorCount(data.subprocessors.length);
  return cardTexts.itemCount(card.items.length);
}

/** The specialised cards' texts (spec 2 §5) in the page's language. */
export function specialisedTextsFor({ t }: Translator) {
  return {
    emptyCertifications: t('specialised.emptyCertifications'),
    emptyTrustedBy: t('specialised.emptyTrustedBy'),
    trustedByHeading: (organisation: string) => t('specialised.trustedByHeading', { organisation }),
    addItems: t('specialised.addItems'),
    searchSubprocessors: t('specialised.searchSubprocessors'),
    noResults: t('specialised.noResults'),
    columns: {
      company: t('specialised.columnCompany'),
      purpose: t('specialised.columnPurpose'),
      location: t('specialised.columnLocation'),
      details: t('specialised.columnDetails'),
    },
    companyCount: (count: number) => t('specialised.companyCount', { count }),
    subprocessorCount: (count: number) => t('specialised.subprocessorCount', { count }),
    showAll: t('specialised.showAll'),
    showLess: t('specialised.showLess'),
    noAnswer: t('specialised.noAnswer'),
    noGrade: t('specialised.noGrade'),
    gradeOf: (label: string) => t('specialised.gradeOf', { label }),
    viewReport: t('specialised.viewReport'),
    bands: {
      green: t('specialised.bandGreen'),
      yellow: t('specialised.bandYellow'),
      red: t('specialised.bandRed'),
    },
  };
}
export type SpecialisedTexts = ReturnType<typeof specialisedTextsFor>;

export function useSpecialisedTexts(): SpecialisedTexts {
  return useFeatureTexts(specialisedTextsFor);
}
