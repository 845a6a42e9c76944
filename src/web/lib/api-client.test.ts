import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  csrfHeaders,
  fieldErrorsByName,
  forgetCsrfToken,
  setCsrfToken,
} from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetCsrfToken();
});

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
}

describe('apiRequest', () => {
  it('sends JSON with the CSRF header and returns the parsed answer', async () => {
    const fetch = answer(200, { name: 'Acme' });
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('token');
    await expect(apiRequest('/api/x', { method: 'PATCH', body: { a: 1 } })).resolves.toEqual({
      name: 'Acme',
    });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', 'x-csrf-token': 'token' });
    expect(init.body).toBe('{"a":1}');
  });

  it('turns an error body into an ApiError with its code and fields', async () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'Invalid',
        fields: { 'body.customisation.portalTitle': 'Too long' },
      },
    };
    vi.stubGlobal('fetch', answer(400, body));
    const error = await apiRequest('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid' });
    expect(fieldErrorsByName((error as ApiError).fields)).toEqual({ portalTitle: 'Too long' });
  });

  it('answers undefined for 204 and a generic error for a body that is not JSON', async () => {
    setCsrfToken(null);
    vi.stubGlobal('fetch', answer(204, null));
    await expect(apiRequest('/api/x', { method: 'POST' })).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, code: 'internal' });
  });
});

/** The x-csrf-token header of each fetch call, or null when it went without. */
function sentTokens(fetch: ReturnType<typeof answer>): (string | null)[] {
  return (fetch.mock.calls as unknown as [string, RequestInit][]).map(
    ([, init]) => (init.headers as Record<string, string>)['x-csrf-token'] ?? null,
  );
}

describe('the CSRF token the client holds', () => {
  it('goes with every unsafe method and never with a GET', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('token-1');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'] as const) {
      await apiRequest('/api/x', { method, body: method === 'GET' ? undefined : {} });
    }
    await apiRequest('/api/x');
    expect(sentTokens(fetch)).toEqual(['token-1', 'token-1', 'token-1', 'token-1', null, null]);
  });

  it('goes with a GET that uses something up (the TPRM token view the server checks like a write)', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('token-1');
    await apiRequest('/api/one-time', { usesUp: true });
    expect(sentTokens(fetch)).toEqual(['token-1']);
  });

  it('is replaced when the session rotates it, and dropped on sign-out', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('before');
    await apiRequest('/api/x', { method: 'POST' });
    setCsrfToken('after');
    await apiRequest('/api/x', { method: 'POST' });
    setCsrfToken(null);
    await apiRequest('/api/x', { method: 'POST' });
    expect(sentTokens(fetch)).toEqual(['before', 'after', null]);
    await expect(csrfHeaders()).resolves.toEqual({});
  });

  it('holds a write asked for before the token is known until it is, then sends it with the token', async () => {
    const fetch = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    const pending = apiRequest('/api/x', { method: 'POST', body: {} });
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    setCsrfToken('late');
    await expect(pending).resolves.toEqual({ ok: true });
    expect(sentTokens(fetch)).toEqual(['late']);
  });

  it('fails a write clearly when the token never becomes known, and never sends it without', async () => {
    vi.useFakeTimers();
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    const failure = apiRequest('/api/x', { method: 'DELETE' }).catch((caught: unknown) => caught);
    await vi.runAllTimersAsync();
    expect(await failure).toMatchObject({
      code: 'csrf_failed',
      message: 'This request could not be verified. Reload the page and try again.',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lets the caller give up while it waits for the token', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    const failure = apiRequest('/api/x', { method: 'POST', signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    controller.abort(new Error('closed'));
    expect(await failure).toMatchObject({ message: 'closed' });
    setCsrfToken('later');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads without waiting: a GET goes at once while the token is unknown', async () => {
    const fetch = answer(200, { name: 'Acme' });
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/api/x')).resolves.toEqual({ name: 'Acme' });
  });
});
