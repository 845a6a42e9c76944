import { vi } from 'vitest';

/**
 * The one fetch double of the web tests: it records every call (URL, method, parsed JSON body, CSRF
 * header) and answers from the test's routes; a call no route answers fails the test.
 */
export type Call = { url: string; method: string; body: unknown; csrf: string | null };
export type Answer = (call: Call) => Response | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const fieldError = (fields: Record<string, string>, message = 'Invalid request') =>
  json({ error: { code: 'validation_failed', message, fields } }, 400);

/** Replaces the global fetch until `vi.unstubAllGlobals()`; returns the calls as they are made. */
export function stubFetch(answer: Answer): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      csrf: new Headers(init.headers).get('x-csrf-token'),
    };
    calls.push(call);
    const response = answer(call);
    if (!response) throw new Error(`unexpected ${call.method} ${call.url}`);
    return response;
  });
  return calls;
}

export const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
