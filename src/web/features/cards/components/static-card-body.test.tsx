// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardView } from '../../../../shared/cards';
import { cardViewFixture, itemViewFixture, viewWithCards } from '../../../lib/test-support/card-view-fixture';
import { renderStaticCardBodiesWith, StaticCardBody } from './static-card-body';
import { StaticCardBodyRenderer } from './static-card-body-renderer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  renderStaticCardBodiesWith(null);
  document.body.innerHTML = '';
});

const certifications = (title: string): CardView =>
  cardViewFixture({ kind: 'Certifications', items: [itemViewFixture({ title })] });

/** The server's HTML of the body, then a client without the renderer hydrating it. */
async function hydrate(serverCard: CardView, clientCard: CardView, mode: 'public' | 'main' = 'public') {
  renderStaticCardBodiesWith(StaticCardBodyRenderer);
  const serverHtml = renderToString(
    <StaticCardBody view={viewWithCards([serverCard], { mode })} card={serverCard} />,
  );
  renderStaticCardBodiesWith(null);
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  const errors: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(
      container,
      <StaticCardBody view={viewWithCards([clientCard], { mode })} card={clientCard} />,
      { onRecoverableError: (error) => errors.push(error) },
    ),
  );
  return { container, serverHtml, errors, root, unmount: () => act(async () => root.unmount()) };
}

describe('StaticCardBody', () => {
  it("keeps a visitor's certifications grid as the server drew it, without its code", async () => {
    const card = certifications('SOC 2');
    const { container, serverHtml, errors, unmount } = await hydrate(card, card);
    expect(serverHtml).toContain('data-server-html="card-body:Certifications:');
    expect(serverHtml).toContain('certification-tile');
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(serverHtml);
    await unmount();
  });

  it('draws the live body once the page model changes (a refetch), not the kept markup', async () => {
    const card = certifications('SOC 2');
    const { container, errors, root, unmount } = await hydrate(card, card);
    const changed = certifications('ISO 27001');
    await act(async () => root.render(<StaticCardBody view={viewWithCards([changed])} card={changed} />));
    // The live grid's code loads lazily, then draws the new item.
    await act(async () => {
      await import('./static-card-body-renderer');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('ISO 27001');
    expect(container.textContent).not.toContain('SOC 2');
    await unmount();
  });

  it('renders the live body for staff (Main mode), around a Suspense boundary on both sides', async () => {
    const card = certifications('SOC 2');
    renderStaticCardBodiesWith(StaticCardBodyRenderer);
    const html = renderToString(
      <StaticCardBody view={viewWithCards([card], { mode: 'main' })} card={card} />,
    );
    expect(html).not.toContain('data-server-html');
    expect(html).toContain('<!--$-->');
  });
});
