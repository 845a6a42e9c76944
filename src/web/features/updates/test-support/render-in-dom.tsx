import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

// Features keep their own test helpers (they may not import each other); this mirrors card-editing's.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export type Rendered = { container: HTMLElement; unmount(): Promise<void> };

export async function renderInDom(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  await act(async () => {
    root.render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  });
  return {
    container,
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

export async function click(element: Element | null | undefined) {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to click');
  await act(async () => element.click());
}

/** Lets pending promises (a mocked fetch, a lazy import) settle inside act(). */
export async function settle(rounds = 3) {
  for (let round = 0; round < rounds; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export function byText<T extends Element = HTMLElement>(selector: string, text: string | RegExp): T[] {
  const matches = (content: string) =>
    typeof text === 'string' ? content.trim() === text : text.test(content);
  return [...document.querySelectorAll<T>(selector)].filter((element) => matches(element.textContent ?? ''));
}
