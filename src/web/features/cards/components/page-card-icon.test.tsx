// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CardIcon } from './card-icon';
import { PageCardIcon, renderCardIconsWith } from './page-card-icon';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('PageCardIcon', () => {
  it("hydrates a public card's default icon without its code and keeps the server's SVG untouched", async () => {
    const card = { kind: 'Reports' as const, iconUrl: null };
    renderCardIconsWith(CardIcon);
    const serverHtml = renderToString(<PageCardIcon card={card} isLive={false} />);
    expect(serverHtml).toContain('lucide-file-text');
    // The client: no server renderer installed, only the page's markup.
    renderCardIconsWith(null);
    const container = document.createElement('div');
    container.innerHTML = serverHtml;
    document.body.append(container);
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <PageCardIcon card={card} isLive={false} />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    );
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(serverHtml);
    await act(async () => root.render(<PageCardIcon card={card} isLive={false} />));
    expect(container.querySelector('svg.lucide-file-text')).not.toBeNull();
    await act(async () => root.unmount());
  });
});
