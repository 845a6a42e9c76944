import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { CertificationsGrid } from './certifications-card/certifications-grid';
import { RiskProfileList } from './risk-profile-card/risk-profile-list';

export type StaticCardBodyProps = { view: PortalView; card: CardView; onAddItems?: () => void };

/** The bodies that draw nothing interactive for a visitor: the server draws them, the client keeps them. */
export function StaticCardBodyRenderer({ view, card, onAddItems }: StaticCardBodyProps) {
  if (card.kind === 'Certifications')
    return <CertificationsGrid view={view} card={card} onAddItems={onAddItems} />;
  if (card.kind === 'RiskProfile') return <RiskProfileList view={view} card={card} />;
  return null;
}
