import { type Resolver, SafeFetchError, type SafeResponse, safeFetch } from '../../net/safe-fetch';

/** How a call to an integration ended, before each client maps it to the spec's messages. */
export type CallOutcome =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'garbage'; status: number }
  | { kind: 'refused' }
  | { kind: 'unreachable' };

export type FetchSettings = {
  /** OUTBOUND_ALLOW_LOOPBACK. */
  allowLoopback?: boolean;
  timeoutMs?: number;
  resolve?: Resolver;
};

/** One GET through safeFetch; JSON answers parsed, everything else named without throwing. */
export async function fetchJson(
  url: string,
  settings: FetchSettings,
  headers: Record<string, string> = {},
): Promise<CallOutcome> {
  let response: SafeResponse;
  try {
    response = await safeFetch(url, {
      headers,
      timeoutMs: settings.timeoutMs ?? 5000,
      maxBytes: 512 * 1024,
      allowLoopback: settings.allowLoopback,
      resolve: settings.resolve,
    });
  } catch (error) {
    if (error instanceof SafeFetchError) {
      const refused = ['private_address', 'scheme_not_allowed', 'invalid_url'].includes(error.code);
      return refused ? { kind: 'refused' } : { kind: 'unreachable' };
    }
    return { kind: 'unreachable' };
  }
  try {
    return { kind: 'answer', status: response.status, body: response.json() };
  } catch {
    return { kind: 'garbage', status: response.status };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}
