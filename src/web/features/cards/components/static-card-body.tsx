import { type ComponentType, lazy, Suspense } from 'react';
import { contentKey, serverHtml } from '../../../lib/server-html';
import { specialisedOf } from '../lib/specialised';
import type { StaticCardBodyProps } from './static-card-body-renderer';

// The client never imports the renderer at once: the certification catalogue and badges come lazily.
const LiveCardBody = lazy(() =>
  import('./static-card-body-renderer').then(({ StaticCardBodyRenderer }) => ({
    default: StaticCardBodyRenderer,
  })),
);
let serverRenderer: ComponentType<StaticCardBodyProps> | null = null;

/** The server renderer (and a test that renders as the server does) draws these bodies itself. */
export function renderStaticCardBodiesWith(renderer: ComponentType<StaticCardBodyProps> | null) {
  serverRenderer = renderer;
}

/**
 * The certifications grid or the risk profile list of a card. For a visitor neither has anything to
 * click, so outside Main mode the client keeps the server's markup (an island React never touches)
 * while the page's model is the one the server drew it from; staff, and a changed model, get the
 * live component, loaded lazily.
 */
export function StaticCardBody(props: StaticCardBodyProps) {
  const { view, card, onAddItems } = props;
  const isIsland = view.viewer.mode !== 'main' && !onAddItems;
  const key = contentKey(`card-body:${card.kind}`, [card, specialisedOf(view)]);
  const Renderer = serverRenderer;
  if (Renderer) {
    if (isIsland)
      return (
        <div data-server-html={key}>
          <Renderer {...props} />
        </div>
      );
    return (
      <Suspense fallback={null}>
        <Renderer {...props} />
      </Suspense>
    );
  }
  const html = isIsland ? serverHtml(key) : null;
  if (html !== null) {
    // The server's own markup of this body, read back from the page.
    return <div data-server-html={key} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <Suspense fallback={null}>
      <LiveCardBody {...props} />
    </Suspense>
  );
}
