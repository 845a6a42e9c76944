// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productMessages } from '../../../../shared/console-admin';
import { setCsrfToken } from '../../../lib/api-client';
import { AuditLogPanel } from './audit-log-panel';
import { ProductsPanel, suggestSlug } from './products-panel';
import { CreateStaffUserForm } from './staff-users-panel';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf'));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function settle() {
  for (let round = 0; round < 4; round++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <QueryClientProvider
        client={
          new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
        }
      >
        {ui}
      </QueryClientProvider>,
    );
  });
  await settle();
}

function field(label: string): HTMLInputElement {
  const element = [...document.querySelectorAll('label')].find((node) => node.textContent?.trim() === label);
  return document.getElementById(element?.htmlFor ?? '') as HTMLInputElement;
}

async function type(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((node) => node.textContent?.trim() === name)!;

describe('CreateStaffUserForm', () => {
  it('validates, posts and shows the one-time temporary password', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(
        {
          user: {
            id: 'u1',
            name: 'Nora',
            email: 'nora@example.com',
            role: 'viewer',
            permissions: ['console:read', 'files:view'],
            isDisabled: false,
            isProvisioned: false,
            createdAt: '',
            lastSignInAt: null,
          },
          temporaryPassword: 'TempPassw0rd-abcdefgh',
        },
        201,
      ),
    );
    await render(<CreateStaffUserForm onDone={() => {}} canChooseOwner={false} />);
    // Only an owner makes owners: the choice is there, and disabled.
    expect(
      document.querySelector<HTMLInputElement>('input[type="radio"][value="owner"], input[id$="-role-owner"]')
        ?.disabled,
    ).toBe(true);
    await act(async () => button('Create staff user').click());
    expect(document.body.textContent).toContain('Enter a name');
    expect(fetchMock).not.toHaveBeenCalled();
    await type(field('Name'), 'Nora');
    await type(field('E-mail'), 'nora@example.com');
    await act(async () => button('Create staff user').click());
    await settle();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/staff-users');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Nora',
      email: 'nora@example.com',
      role: 'viewer',
    });
    expect(new Headers(init?.headers).get('x-csrf-token')).toBe('csrf');
    expect(document.querySelector('[data-testid="temporary-password"]')?.textContent).toContain(
      'TempPassw0rd-abcdefgh',
    );
  });
});

describe('ProductsPanel', () => {
  it('suggests a slug from the name and shows the server’s slug conflict on the field', async () => {
    expect(suggestSlug('Mobile App!')).toBe('mobile-app');
    expect(suggestSlug('Café Ünïcode')).toBe('cafe-unicode');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(
            {
              error: {
                code: 'conflict',
                message: productMessages.slugTaken,
                fields: { slug: productMessages.slugTaken },
              },
            },
            409,
          )
        : json({
            products: [
              {
                id: 'p1',
                name: 'Platform',
                slug: 'platform',
                isShown: true,
                isDefault: true,
                position: 0,
                bannerUrl: null,
              },
            ],
            links: [],
          }),
    );
    await render(<ProductsPanel canEdit canEditAssets />);
    expect(document.querySelectorAll('[data-testid="product-row"]')).toHaveLength(1);
    await type(field('Product name'), 'Platform');
    expect(field('Slug').value).toBe('platform');
    await act(async () => button('Add product').click());
    await settle();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ name: 'Platform', slug: 'platform' });
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(productMessages.slugTaken);
  });
});

describe('AuditLogPanel', () => {
  it('shows entries and their before/after, and filters by person', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({
        entries: [
          {
            id: 'e1',
            at: '2025-03-01T10:00:00.000Z',
            action: 'product.updated',
            target: 'product:p1',
            data: { before: { name: 'Old' }, after: { name: 'New' } },
            actor: { id: 's1', name: 'Alice', email: 'a@example.com' },
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
        actions: ['product.updated'],
        actors: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Alice', email: 'a@example.com' }],
      }),
    );
    await render(<AuditLogPanel />);
    expect(document.querySelector('[data-testid="audit-row"]')?.textContent).toContain('Alice');
    await act(async () => button('Details').click());
    expect(document.body.textContent).toContain('"Old"');
    expect(document.body.textContent).toContain('"New"');
    const person = field('Person') as unknown as HTMLSelectElement;
    await act(async () => {
      person.value = '00000000-0000-4000-8000-000000000001';
      person.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(
      '/api/audit-log?page=1&actorId=00000000-0000-4000-8000-000000000001',
    );
  });
});
