import type { CardKind } from '../../../shared/card-kinds';
import type { CardView, PlanFeatures } from '../../../shared/cards';
import {
  integrationHostCards,
  integrationKindOfHostKey,
  integrationsAllowed,
} from '../../../shared/integrations';
import type { SpecialisedView } from '../../../shared/specialised-cards';
import type { Database } from '../../db/client';
import { upcomingSubprocessorChanges } from './announced-list';
import {
  findOverview,
  listIntegrations,
  listItemKeys,
  listRiskAnswers,
  listSecurityGrades,
  listSubprocessors,
  listTrustedBy,
} from './queries';
import { toSubprocessor } from './serialise';

const itemCards: CardKind[] = ['Certifications', 'SecurityGrades', 'RiskProfile'];

/**
 * The specialised cards' data for a viewer, from the cards the policy gate already filtered: item
 * data only for items the viewer may read (not locked), card data only when the card is in the view.
 */
export async function buildSpecialisedView(
  db: Database,
  productId: string,
  cards: CardView[],
  planFeatures: Partial<PlanFeatures> = {},
): Promise<SpecialisedView> {
  const cardOf = (kind: CardKind) => cards.find((card) => card.kind === kind);
  const visibleItems = itemCards.flatMap((kind) => cardOf(kind)?.items ?? []);
  const readableIds = visibleItems.filter((item) => !item.isLocked).map((item) => item.itemUid);
  const hasTrustedBy = Boolean(cardOf('TrustedBy'));
  const hasSubprocessors = Boolean(cardOf('Subprocessors'));
  const hasOverview = Boolean(cardOf('Overview'));
  const integrationHostItems = integrationHostCards
    .flatMap((kind) => cardOf(kind)?.items ?? [])
    .filter((item) => !item.isLocked && item.enabledState !== 'NotEnabled');
  const [keys, answers, grades, trusted, subprocessorRows, upcoming, overview, integrations, hostKeys] =
    await Promise.all([
      listItemKeys(
        db,
        visibleItems.map((item) => item.itemUid),
      ),
      listRiskAnswers(db, readableIds),
      listSecurityGrades(db, readableIds),
      hasTrustedBy ? listTrustedBy(db, productId) : [],
      hasSubprocessors ? listSubprocessors(db, productId) : [],
      hasSubprocessors ? upcomingSubprocessorChanges(db, productId) : [],
      hasOverview ? findOverview(db, productId) : '',
      listIntegrations(db, productId),
      listItemKeys(
        db,
        integrationHostItems.map((item) => item.itemUid),
      ),
    ]);
  const hostItemOf = new Map(
    hostKeys.flatMap((row) => {
      const kind = integrationKindOfHostKey(row.catalogueKey);
      return kind ? [[kind, row.id] as const] : [];
    }),
  );
  return {
    itemKeys: Object.fromEntries(
      keys.filter((row) => row.catalogueKey !== null).map((row) => [row.id, row.catalogueKey!]),
    ),
    riskAnswers: Object.fromEntries(answers.map((row) => [row.itemId, row.answer])),
    securityGrades: grades.map((row) => ({
      itemUid: row.itemId,
      label: row.label,
      url: row.url,
      grade: row.grade,
    })),
    trustedBy: trusted.map((row) => row.company),
    subprocessors: subprocessorRows.map(toSubprocessor),
    upcomingSubprocessorChanges: upcoming,
    overview,
    // Only that a connection shows and under which readable item; its live data has its own call
    // (which asks this same view), and the link stays staff-only.
    integrations: integrationsAllowed(planFeatures)
      ? integrations.flatMap((row) => {
          const hostItem = hostItemOf.get(row.kind);
          return row.showInCard && hostItem ? [{ kind: row.kind, showInCard: true, itemUid: hostItem }] : [];
        })
      : [],
  };
}
