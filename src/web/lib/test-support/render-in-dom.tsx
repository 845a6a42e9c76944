import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders into the test's jsdom document with React's act(), so effects and state updates have run
 * when a test looks. Enough for our interactions without a testing library; every feature uses it.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lays nothing out, so it has no ResizeObserver; Radix only measures with it, never needs answers.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export type Rendered = {
  container: HTMLElement;
  rerender(ui: ReactNode): Promise<void>;
  unmount(): Promise<void>;
};

export async function renderInDom(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  // No retries: a failing mocked call shows its error at once instead of after back-off delays.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const render = (next: ReactNode) =>
    act(async () => {
      root.render(<QueryClientProvider client={queryClient}>{next}</QueryClientProvider>);
    });
  await render(ui);
  return {
    container,
    rerender: render,
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

export async function press(element: Element | null | undefined, key: string, init: KeyboardEventInit = {}) {
  if (!(element instanceof Element)) throw new Error('nothing to press a key on');
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

/** Types like a person: React only sees a value set through the native setter plus an input event. */
export async function typeInto(element: Element | null | undefined, value: string) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error('nothing to type into');
  }
  const prototype = Object.getPrototypeOf(element) as HTMLInputElement;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function blur(element: Element | null | undefined) {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to blur');
  await act(async () => {
    element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    element.dispatchEvent(new FocusEvent('blur'));
  });
}

/** Elements whose text content matches, for finding buttons and messages by what people read. */
export function byText<T extends Element = HTMLElement>(selector: string, text: string | RegExp): T[] {
  const matches = (content: string) =>
    typeof text === 'string' ? content.trim() === text : text.test(content);
  return [...document.querySelectorAll<T>(selector)].filter((element) => matches(element.textContent ?? ''));
}

/** Lets pending promises (a mocked fetch, a mutation, a lazy import) settle inside act(). */
export async function settle(rounds = 1) {
  for (let round = 0; round < rounds; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Settles until the check passes: a lazy chunk's first import takes a while under the test runner. */
export async function waitFor<T>(check: () => T | null | undefined | false, attempts = 200): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = check();
    if (value) return value;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  throw new Error('the awaited state never came');
}

/** Chooses an option of a native select the way a person does: the value, then a change event. */
export async function selectOption(element: Element | null | undefined, value: string) {
  if (!(element instanceof HTMLSelectElement)) throw new Error('nothing to select in');
  await act(async () => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
