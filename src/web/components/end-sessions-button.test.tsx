// @vitest-environment jsdom
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffUserView } from '../../shared/console-admin';
import { permissionsOfRole, type StaffRole } from '../../shared/permissions';
import { StaffUsersPanel } from '../features/console-admin/components/staff-users-panel';
import { setCsrfToken } from '../lib/api-client';
import { byText, click, type Rendered, renderInDom, waitFor } from '../lib/test-support/render-in-dom';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

const user = (id: string, name: string, role: StaffRole): StaffUserView => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  permissions: [...permissionsOfRole(role)],
  isDisabled: false,
  isProvisioned: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
});
const me = user('11111111-1111-4111-8111-111111111111', 'Me', 'admin');
const other = user('22222222-2222-4222-8222-222222222222', 'Olga', 'editor');
const owner = user('33333333-3333-4333-8333-333333333333', 'Otto', 'owner');

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let rendered: Rendered | undefined;
let posts: { url: string; csrf: string | null }[];
let endAnswer: () => Response;
beforeEach(() => {
  posts = [];
  endAnswer = () => json({ ended: 2 });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST' || init?.method === 'DELETE') {
      posts.push({ url, csrf: new Headers(init.headers).get('x-csrf-token') });
      return init.method === 'DELETE' ? new Response(null, { status: 204 }) : endAnswer();
    }
    if (url.endsWith('/sessions')) {
      return json({
        sessions: [
          {
            id: '44444444-4444-4444-8444-444444444444',
            browser: 'Firefox on Linux',
            ipAddress: '198.51.100.7',
            signedInAt: '2026-11-01T09:00:00.000Z',
            lastSeenAt: '2026-11-02T10:00:00.000Z',
            withSecondFactor: true,
            isCurrent: false,
          },
        ],
      });
    }
    return json({ users: [me, other, owner] });
  });
});
afterEach(async () => {
  await rendered?.unmount();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const render = (canManage: boolean, canManageOwners = false) =>
  renderInDom(
    <>
      <Toaster />
      <StaffUsersPanel currentStaffId={me.id} canManage={canManage} canManageOwners={canManageOwners} />
    </>,
  );
const buttonNamed = (name: string) => byText<HTMLButtonElement>('button', name)[0];

describe('ending sessions from the staff users screen', () => {
  it('asks first, then posts with the CSRF token and names how many sessions ended', async () => {
    rendered = await render(true);
    await click(await waitFor(() => buttonNamed('Sign out everywhere Olga')));
    expect(document.body.textContent).toContain('Sign Olga out everywhere?');
    expect(posts).toEqual([]);
    await click(buttonNamed('Cancel'));
    expect(posts).toEqual([]);

    await click(buttonNamed('Sign out everywhere Olga'));
    await click(buttonNamed('Sign out'));
    await waitFor(() => document.body.textContent?.includes('2 sessions ended'));
    expect(posts).toEqual([{ url: `/api/staff-users/${other.id}/end-sessions`, csrf: 'csrf-1' }]);
  });

  it('offers a reader nothing to end, an admin nothing on an owner’s row, and shows a refusal', async () => {
    rendered = await render(false);
    await waitFor(() => document.body.textContent?.includes('Otto'));
    expect(byText('button', /Sign out/)).toEqual([]);
    await rendered.unmount();
    document.body.innerHTML = '';

    rendered = await render(true);
    await waitFor(() => buttonNamed('Sign out everywhere Olga'));
    expect(byText('button', /Sign out everywhere Otto/)).toEqual([]);
    endAnswer = () => json({ error: { code: 'forbidden', message: 'Not allowed here.' } }, 403);
    await click(buttonNamed('Sign out other sessions'));
    expect(document.body.textContent).toContain('This one stays signed in.');
    await click(buttonNamed('Sign out'));
    await waitFor(() => document.body.textContent?.includes('Signing out failed. Not allowed here.'));
    expect(posts.map((post) => post.url)).toEqual([`/api/staff-users/${me.id}/end-sessions`]);
  });

  it('lets an owner see where a colleague is signed in and end one session', async () => {
    rendered = await render(true, true);
    await click(await waitFor(() => buttonNamed('Sessions of Olga')));
    await waitFor(() => document.body.textContent?.includes('Firefox on Linux'));
    expect(document.body.textContent).toContain('198.51.100.7');
    await click(buttonNamed('End Olga’s session in Firefox on Linux'));
    await waitFor(() => posts.length === 1);
    expect(posts).toEqual([
      {
        url: `/api/staff-users/${other.id}/sessions/44444444-4444-4444-8444-444444444444`,
        csrf: 'csrf-1',
      },
    ]);
  });

  it('offers an admin no one’s sessions to look at', async () => {
    rendered = await render(true, false);
    await waitFor(() => buttonNamed('Sign out everywhere Olga'));
    expect(byText('button', /^Sessions/)).toEqual([]);
  });
});
