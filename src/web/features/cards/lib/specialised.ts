import type { CardView } from '../../../../shared/cards';
import type { PortalView, ViewerMode } from '../../../../shared/portal';
import type { SpecialisedView } from '../../../../shared/specialised-cards';
import { cardTexts } from './card-texts';

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
export function cardContentCount(view: Pick<PortalView, 'specialised'>, card: CardView): string {
  const data = specialisedOf(view);
  if (card.kind === 'TrustedBy') return specialisedTexts.companyCount(data.trustedBy.length);
  if (card.kind === 'Subprocessors') return specialisedTexts.subprocessorCount(data.subprocessors.length);
  return cardTexts.itemCount(card.items.length);
}

export const specialisedTexts = {
  emptyCertifications: "You haven't selected any certifications or compliance items",
  emptyTrustedBy: "You haven't selected any companies yet",
  trustedByHeading: (organisationName: string) => `Companies that trust ${organisationName}`,
  addItems: 'Add Items',
  searchSubprocessors: 'Search by subprocessor name or information',
  noResults: 'No results match this criteria',
  columns: { company: 'Company', purpose: 'Purpose', location: 'Location', details: 'Additional Details' },
  companyCount: (count: number) => (count === 1 ? '1 company' : `${count} companies`),
  subprocessorCount: (count: number) => (count === 1 ? '1 subprocessor' : `${count} subprocessors`),
  showAll: 'Show all subprocessors',
  showLess: 'Show less',
  noAnswer: 'No Answer',
  noGrade: 'No grade yet',
  gradeOf: (label: string) => `${label} grade`,
  viewReport: 'View report',
  bands: { green: 'Good', yellow: 'Fair', red: 'Poor' },
} as const;
