import { type ComponentType, lazy, Suspense } from 'react';
import type { CardView } from '../../../../shared/cards';
import { serverHtml } from '../../../lib/server-html';
import { cardIconFrameClassName } from '../lib/card-icon-frame';
import type { CardIcon } from './card-icon';

type CardIconComponent = ComponentType<Parameters<typeof CardIcon>[0]>;

// The client never imports CardIcon at once: its 31 default icons come with the drawer, or for staff.
const LiveCardIcon = lazy(() => import('./card-icon').then(({ CardIcon }) => ({ default: CardIcon })));
let serverCardIcon: CardIconComponent | null = null;

/** The server renderer (and a test that renders as the server does) draws icons with CardIcon itself. */
export function renderCardIconsWith(component: CardIconComponent | null) {
  serverCardIcon = component;
}

type PageCardIconProps = { card: Pick<CardView, 'kind' | 'iconUrl'>; isLive: boolean };

/**
 * A card's icon on the page. A default icon draws nothing interactive: outside Main mode the client
 * keeps the server's SVG as it is (an island React never touches). A custom icon (it falls back when
 * it fails to load) and Main mode (staff change icons) render the live component, loaded lazily.
 */
export function PageCardIcon({ card, isLive }: PageCardIconProps) {
  const isIsland = !isLive && !card.iconUrl;
  const key = `card-icon:${card.kind}`;
  const frame = <span aria-hidden className={cardIconFrameClassName} />;
  const ServerCardIcon = serverCardIcon;
  if (ServerCardIcon) {
    if (isIsland) return <ServerCardIcon card={card} serverHtmlKey={key} />;
    return (
      <Suspense fallback={frame}>
        <ServerCardIcon card={card} />
      </Suspense>
    );
  }
  const html = isIsland ? serverHtml(key) : null;
  if (html !== null) {
    return (
      <span
        aria-hidden
        className={cardIconFrameClassName}
        data-server-html={key}
        suppressHydrationWarning
        // The server's own markup of this icon, read back from the page.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <Suspense fallback={frame}>
      <LiveCardIcon card={card} />
    </Suspense>
  );
}
