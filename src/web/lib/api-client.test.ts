import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, fieldErrorsByName } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
}

describe('apiRequest', () => {
  it('sends JSON with the CSRF header and returns the parsed answer', async () => {
    const fetch = answer(200, { name: 'Acme' });
    vi.stubGlobal('fetch', fetch);
    await expect(
      apiRequest('/api/x', { method: 'PATCH', body: { a: 1 }, csrfToken: 'token' }),
    ).resolves.toEqual({
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
    vi.stubGlobal('fetch', answer(204, null));
    await expect(apiRequest('/api/x', { method: 'POST' })).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, code: 'internal' });
  });
});
