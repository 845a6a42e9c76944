import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders into the test's jsdom document with React's act(), so effects and state updates have run
 * when a test looks. Enough for our interactions without a testing library.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lays nothing out, so it has no ResizeObserver; Radix only measures with it, never needs answers.
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
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
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

export async function pressKey(element: Element | null | undefined, key: string) {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to press a key on');
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
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

/** Lets pending promises (a mocked fetch, a mutation) settle inside act(). */
export async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Chooses an option of a native select the way a person does: the value, then a change event. */
export async function selectOption(element: Element | null | undefined, value: string) {
  if (!(element instanceof HTMLSelectElement)) throw new Error('nothing to select in');
  await act(async () => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
