import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DocumentFileView } from '../../../../../shared/documents';

/** Files and a jsdom renderer for the documents card's component tests. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let sequence = 0;

export function documentFileFixture(
  itemUid: string,
  overrides: Partial<DocumentFileView> = {},
): DocumentFileView {
  sequence += 1;
  const suffix = sequence.toString(16).padStart(12, '0');
  const fileId = `ffffffff-ffff-4fff-8fff-${suffix}`;
  return {
    fileId,
    itemUid,
    kind: 'file',
    title: `Document ${sequence}`,
    originalName: `document-${sequence}.pdf`,
    contentType: 'application/pdf',
    sizeBytes: 1024,
    canDownload: true,
    isEncrypted: false,
    viewUrl: `/files/${fileId}/view`,
    downloadUrl: `/files/${fileId}/download`,
    ...overrides,
  };
}

export type Rendered = { unmount(): Promise<void> };

export async function renderInDom(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(ui));
  return {
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

export function byText<T extends Element = HTMLElement>(selector: string, text: string | RegExp): T[] {
  const matches = (content: string) =>
    typeof text === 'string' ? content.trim() === text : text.test(content);
  return [...document.querySelectorAll<T>(selector)].filter((element) => matches(element.textContent ?? ''));
}

/** Lets pending promises (a mocked fetch, a lazy import) settle inside act(). */
export async function settle(times = 1) {
  for (let index = 0; index < times; index++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Stands in for matchMedia: `isSmall` answers the small-screen query. */
export function stubScreen(isSmall: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width') ? isSmall : !isSmall,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}
