import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { checkOutboundUrl, isLastingRefusal, safeFetch } from '../../net/safe-fetch';

type LoadedKeySet = { getKey: JWTVerifyGetKey; loadedAt: number };

const keepMs = 10 * 60_000;
// A token naming a key we do not have may mean the issuer rotated: fetch again, at most this often.
const refetchUnknownKeyAfterMs = 30_000;
const maxCachedKeySets = 200;
const keySets = new Map<string, Promise<LoadedKeySet>>();

const jwksGate = (allowLoopback: boolean) => ({ allowLoopback, timeoutMs: 5000, maxBytes: 256 * 1024 });

/**
 * Whether the gate refuses a JWKS address for good (not https, private or local): checked when staff
 * save it, with the options sign-in fetches it with. A name that does not resolve today passes.
 */
export async function isJwksAddressRefused(url: string, allowLoopback: boolean): Promise<boolean> {
  const refusal = await checkOutboundUrl(url, jwksGate(allowLoopback)).then(
    () => null,
    (error: unknown) => error,
  );
  return isLastingRefusal(refusal);
}

/** Fetches a JWKS through the outbound gate (https, public addresses only, size and time capped). */
async function loadKeySet(url: string, allowLoopback: boolean): Promise<LoadedKeySet> {
  const response = await safeFetch(url, {
    ...jwksGate(allowLoopback),
    headers: { accept: 'application/jwk-set+json, application/json' },
  });
  if (response.status !== 200) throw new Error(`the JWKS answered HTTP ${response.status}`);
  return { getKey: createLocalJWKSet(response.json() as JSONWebKeySet), loadedAt: Date.now() };
}

function cachedKeySet(url: string, allowLoopback: boolean, reload: boolean): Promise<LoadedKeySet> {
  const cacheKey = `${allowLoopback}:${url}`;
  const cached = keySets.get(cacheKey);
  if (cached && !reload) return cached;
  const loading = loadKeySet(url, allowLoopback);
  keySets.delete(cacheKey);
  keySets.set(cacheKey, loading);
  // A failed fetch is not kept: the next token tries again.
  loading.catch(() => keySets.get(cacheKey) === loading && keySets.delete(cacheKey));
  if (keySets.size > maxCachedKeySets) keySets.delete(keySets.keys().next().value!);
  return loading;
}

/**
 * The key resolver jwtVerify needs for an organisation's JWKS URL, in place of jose's
 * createRemoteJWKSet, which fetches with no address check. Key sets are kept for ten minutes.
 */
export function gatedRemoteKeySet(url: string, options: { allowLoopback: boolean }): JWTVerifyGetKey {
  return async (header, token) => {
    let loaded = await cachedKeySet(url, options.allowLoopback, false);
    if (Date.now() - loaded.loadedAt > keepMs) loaded = await cachedKeySet(url, options.allowLoopback, true);
    try {
      return await loaded.getKey(header, token);
    } catch (error) {
      const unknownKey = (error as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY';
      if (!unknownKey || Date.now() - loaded.loadedAt < refetchUnknownKeyAfterMs) throw error;
      return (await cachedKeySet(url, options.allowLoopback, true)).getKey(header, token);
    }
  };
}
