// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompanyLogo } from './company-logo';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const company = {
  source: 'brandfetch' as const,
  domain: 'globex.example',
  name: 'Globex',
  logo: 'https://img.example/globex.png',
};
let root: Root | undefined;
const originalDecode = HTMLImageElement.prototype.decode;

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  HTMLImageElement.prototype.decode = originalDecode;
});

/** Server HTML whose image has already settled (loaded or broken) before the client hydrates it. */
async function hydrateSettledImage(isBroken: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<CompanyLogo company={company} size={56} />);
  document.body.append(container);
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(isBroken ? 0 : 56);
  HTMLImageElement.prototype.decode = () =>
    isBroken ? Promise.reject(new DOMException('broken', 'EncodingError')) : Promise.resolve();
  await act(async () => {
    root = hydrateRoot(container, <CompanyLogo company={company} size={56} />);
  });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return container;
}

describe('CompanyLogo', () => {
  it('shows the building icon for a logo that failed before hydration (its error event was never heard)', async () => {
    const container = await hydrateSettledImage(true);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-testid="company-logo-fallback"]')).not.toBeNull();
  });

  it('keeps a logo that loaded before hydration', async () => {
    const container = await hydrateSettledImage(false);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(company.logo);
  });

  it('draws a company without a logo as its monogram in a colour of its own, not a grey icon', () => {
    const render = (name: string) => {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<CompanyLogo company={{ source: 'custom', name }} size={56} />);
      return container.firstElementChild as HTMLElement;
    };
    const globex = render('Globex Corporation');
    const hooli = render('Hooli');
    expect(globex.textContent).toBe('GC');
    expect(hooli.textContent).toBe('HO');
    expect(globex.dataset.testid).toBeUndefined();
    expect(globex.style.backgroundColor).not.toBe(hooli.style.backgroundColor);
    expect(render('globex corporation ').style.backgroundColor).toBe(globex.style.backgroundColor);
  });
});
