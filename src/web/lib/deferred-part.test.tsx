// @vitest-environment jsdom
import { act, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredPart, renderDeferredPartsWith } from './deferred-part';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An IntersectionObserver the test drives: `enter()` says every observed element came near. */
const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
class FakeIntersectionObserver {
  private readonly record: { callback: IntersectionObserverCallback; elements: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.record = { callback, elements: [] };
    observers.push(this.record);
  }
  observe(element: Element) {
    this.record.elements.push(element);
  }
  disconnect() {
    this.record.elements = [];
  }
}
const enter = () =>
  act(async () => {
    for (const { callback, elements } of observers) {
      const entries = elements.map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      );
      if (entries.length > 0) callback(entries, {} as IntersectionObserver);
    }
  });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  observers.length = 0;
  vi.unstubAllGlobals();
});

type CounterProps = { label: string; onCount?(count: number): void };
function Counter({ label, onCount }: CounterProps) {
  return (
    <button type="button" onClick={() => onCount?.(1)}>
      {label}
    </button>
  );
}

/** Renders `element` on the "server" (the real part registered), then hydrates the markup in jsdom. */
async function serverRenderThenHydrate(
  name: string,
  props: CounterProps,
  load: () => Promise<typeof Counter>,
) {
  const Part = deferredPart(name, load);
  renderDeferredPartsWith({ [name]: Counter });
  const html = renderToString(<Part {...props} />);
  renderDeferredPartsWith({});
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <Part {...props} />, { onRecoverableError: (error) => errors.push(error) });
  });
  return { Part, container, html, errors };
}

describe('deferred parts', () => {
  it('keep the server markup and load no code until they come near the viewport, then hydrate', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const load = vi.fn(async () => Counter);
    const onCount = vi.fn();
    const { container, html, errors } = await serverRenderThenHydrate(
      'near',
      { label: 'Count', onCount },
      load,
    );
    expect(html).toContain('data-deferred-part="near"');
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);

    await enter();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => container.querySelector('button')!.click());
    expect(onCount).toHaveBeenCalledTimes(1);
    expect(onCount).toHaveBeenCalledWith(1);
    expect(container.querySelector('button')!.textContent).toBe('Count');
    expect(errors).toEqual([]);
  });

  it('load when used before they come near: a pointer down inside is heard ahead of React', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const load = vi.fn(async () => Counter);
    const { container, errors } = await serverRenderThenHydrate('used', { label: 'Count' }, load);
    await settle();
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      container.querySelector('button')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
  });

  it('give a click again once live when it landed before their code was in (React drops it)', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    let finishLoading = () => {};
    const load = vi.fn(
      () => new Promise<typeof Counter>((resolve) => (finishLoading = () => resolve(Counter))),
    );
    const onCount = vi.fn();
    const { container } = await serverRenderThenHydrate('tapped', { label: 'Count', onCount }, load);
    await settle();
    const button = container.querySelector('button')!;
    await act(async () => {
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      button.click();
    });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(onCount).not.toHaveBeenCalled();

    await act(async () => finishLoading());
    await settle();
    expect(onCount).toHaveBeenCalledTimes(1);
    await act(async () => container.querySelector('button')!.click());
    expect(onCount).toHaveBeenCalledTimes(2);
  });

  it('do not give a click on a link again: the browser already followed it', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    let finishLoading = () => {};
    const followed = vi.fn();
    function Linked({ label }: CounterProps) {
      return (
        // biome-ignore lint/a11y/useValidAnchor: a link that also counts its use, as download links do
        <a href="#document" onClick={followed}>
          {label}
        </a>
      );
    }
    const load = () => new Promise<typeof Counter>((resolve) => (finishLoading = () => resolve(Linked)));
    const Part = deferredPart('linked', load);
    renderDeferredPartsWith({ linked: Linked });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Part label="Open" />);
    renderDeferredPartsWith({});
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <Part label="Open" />);
    });
    await act(async () => container.querySelector('a')!.click());
    await act(async () => finishLoading());
    await settle();
    expect(followed).not.toHaveBeenCalled();
  });

  it('keep waiting when only a callback changes, and load at once when their data changes', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const load = vi.fn(async () => Counter);
    const { Part, container, html } = await serverRenderThenHydrate(
      'data',
      { label: 'Count', onCount: () => {} },
      load,
    );
    await act(async () => root!.render(<Part label="Count" onCount={() => {}} />));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);

    await act(async () => root!.render(<Part label="Recount" />));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')!.textContent).toBe('Recount');
  });

  it('load at once when a transition brings their data, keeping the server markup until the code is in', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    let finishLoading = () => {};
    const load = vi.fn(
      () => new Promise<typeof Counter>((resolve) => (finishLoading = () => resolve(Counter))),
    );
    const { Part, container, html } = await serverRenderThenHydrate('transition', { label: 'Count' }, load);
    // Staff's editing slots arrive this way: the page re-renders in a transition after hydration.
    await act(async () => startTransition(() => root!.render(<Part label="Recount" />)));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.innerHTML).toBe(html);

    await act(async () => finishLoading());
    await settle();
    expect(container.querySelector('button')!.textContent).toBe('Recount');
  });
});
