// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemView } from '../../../../shared/cards';
import type { Comment } from '../../../../shared/comments';
import type { PortalView } from '../../../../shared/portal';
import { setCsrfToken } from '../../../lib/api-client';
import { composerKeyAction } from '../lib/composer-keys';
import ItemConversation from './item-conversation';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf'));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const itemUid = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const view = {
  organisation: { slug: 'acme' },
  product: { productId },
  viewer: { member: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@customer.example' } },
} as unknown as PortalView;
const item = { itemUid, title: 'Encryption', isLocked: false } as ItemView;
const script = '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">';

const comment = (content: string, id = crypto.randomUUID()): Comment => ({
  id,
  itemUid,
  content,
  timestamp: '2025-01-01T10:00:00.000Z',
  productId,
  member: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    name: 'Ada Lovelace',
    email: 'ada@customer.example',
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  staff: null,
});

let container: HTMLDivElement;
let root: Root;
let posted: unknown[];
let releasePost: () => void;

beforeEach(() => {
  posted = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      await new Promise<void>((resolve) => {
        releasePost = resolve;
      });
      return new Response(JSON.stringify(comment(body.content)), { status: 201 });
    }
    expect(url).toContain(`itemUid=${itemUid}`);
    return new Response(JSON.stringify({ comments: [comment(script)] }), { status: 200 });
  });
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

async function waitFor(check: () => boolean) {
  for (let attempt = 0; attempt < 100 && !check(); attempt++) await settle();
  expect(check()).toBe(true);
}

async function renderOpen() {
  const client = new QueryClient();
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <ItemConversation view={view} item={item} />
      </QueryClientProvider>,
    ),
  );
  const toggle = container.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
  expect(toggle.textContent).toContain('Conversation');
  act(() => toggle.click());
  await settle();
}

function typeDraft(text: string) {
  const textarea = container.querySelector<HTMLTextAreaElement>('[data-testid="comment-composer"]')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(textarea, text);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return textarea;
}

const press = (target: HTMLElement, init: KeyboardEventInit) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
  });

describe('item conversation', () => {
  it('shows a comment with script as plain text, never as markup', async () => {
    await renderOpen();
    await waitFor(() => container.querySelector('[data-testid="comment"]') !== null);
    const [shown] = container.querySelectorAll('[data-testid="comment"]');
    expect(shown?.textContent).toContain(script);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('suppresses Enter alone, sends on Ctrl+Enter, trimmed, and shows it before the server answers', async () => {
    await renderOpen();
    const textarea = typeDraft('  Is rotation automatic?  ');
    press(textarea, { key: 'Enter' });
    await settle();
    expect(posted).toEqual([]);
    press(textarea, { key: 'Enter', ctrlKey: true });
    await settle();
    expect(posted).toEqual([{ itemUid, productId, content: 'Is rotation automatic?' }]);
    const pending = container.querySelector('[data-testid="comment"][data-pending]');
    expect(pending?.textContent).toContain('Is rotation automatic?');
    expect(textarea.value).toBe('');
    releasePost();
    await waitFor(() => container.querySelector('[data-pending]') === null);
    expect(container.querySelectorAll('[data-testid="comment"]')).toHaveLength(2);
  });

  it('refuses an empty comment without calling the server', async () => {
    await renderOpen();
    const textarea = typeDraft('   ');
    press(textarea, { key: 'Enter', metaKey: true });
    await settle();
    expect(posted).toEqual([]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Please write a comment.');
  });
});

describe('composer keys', () => {
  it('maps keys to actions', () => {
    const key = (init: Partial<KeyboardEvent>) =>
      composerKeyAction({
        key: 'Enter',
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        altKey: false,
        ...init,
      });
    expect(key({})).toBe('suppress');
    expect(key({ ctrlKey: true })).toBe('send');
    expect(key({ metaKey: true })).toBe('send');
    expect(key({ shiftKey: true })).toBe('none');
    expect(key({ key: 'a' })).toBe('none');
  });
});
