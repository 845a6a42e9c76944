import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isAllowedLoopback, isForbiddenAddress, isPrivateNetworkAddress } from './ip-ranges';

export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'private_address'
  | 'dns_failed'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'network';

/** Why an outbound call was refused or failed; the message never carries the address it resolved to. */
export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  constructor(code: SafeFetchErrorCode, message: string) {
    super(message);
    this.name = 'SafeFetchError';
    this.code = code;
  }
}

/** Refusals no later DNS answer can change: the address itself is wrong, not the network today. */
export function isLastingRefusal(error: unknown): error is SafeFetchError {
  return (
    error instanceof SafeFetchError &&
    (error.code === 'private_address' || error.code === 'scheme_not_allowed' || error.code === 'invalid_url')
  );
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** For the whole call, redirects included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Plain http to public addresses; off by default. */
  allowHttp?: boolean;
  /** Lets exactly 127.0.0.1 (over http or https) through: OUTBOUND_ALLOW_LOOPBACK, never in production. */
  allowLoopback?: boolean;
  /**
   * Host names (exactly these, not their subdomains) that may resolve to a private network: the
   * operator's SSO_PRIVATE_HOSTS, for single sign-on only. Loopback and link-local stay refused.
   */
  privateHostsAllowed?: readonly string[];
  /** Name resolution; defaults to every address dns.lookup knows. Tests swap it to simulate DNS answers. */
  resolve?: Resolver;
};

export type SafeResponse = {
  status: number;
  headers: IncomingMessage['headers'];
  /** The address that answered, after any redirects. */
  url: string;
  body: Buffer;
  text(): string;
  json(): unknown;
};

const defaults = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 };
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/**
 * An outbound GET that cannot be pointed at the inside of the network (SSRF): https only by default,
 * every resolved address checked before any connection, the connection made to the checked address
 * (so a second DNS answer cannot swap it), each redirect target checked the same way, a deadline and a
 * size cap.
 */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const settings = { ...defaults, ...options };
  const deadline = Date.now() + settings.timeoutMs;
  let url = parseUrl(input);
  for (let hop = 0; ; hop++) {
    const target = await checkTarget(url, settings, deadline);
    const response = await request(url, target, settings, deadline);
    const location = response.headers.location;
    if (!redirectStatuses.has(response.status) || !location) return response;
    if (hop >= settings.maxRedirects) {
      throw new SafeFetchError('too_many_redirects', `More than ${settings.maxRedirects} redirects`);
    }
    url = parseUrl(location, url);
  }
}

function parseUrl(value: string, base?: URL): URL {
  try {
    const url = new URL(value, base);
    if (url.username || url.password) throw new SafeFetchError('invalid_url', 'Credentials in a URL');
    return url;
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('invalid_url', 'Not a valid URL');
  }
}

/**
 * The gate's checks without the request, for refusing an address when it is saved: throws the
 * SafeFetchError a call to it would meet. The call itself checks again (DNS answers change).
 */
export async function checkOutboundUrl(input: string, options: SafeFetchOptions = {}): Promise<void> {
  const settings = { ...defaults, ...options };
  await checkTarget(parseUrl(input), settings, Date.now() + settings.timeoutMs);
}

async function checkTarget(url: URL, settings: SafeFetchOptions, deadline: number): Promise<ResolvedAddress> {
  const isHttp = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(isHttp && (settings.allowHttp || settings.allowLoopback))) {
    throw new SafeFetchError('scheme_not_allowed', 'Only https addresses can be used');
  }
  // WHATWG parsing already turned 127.1, 0x7f.1 and 2130706433 into 127.0.0.1.
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(hostname);
  const addresses: ResolvedAddress[] = family
    ? [{ address: hostname, family: family === 6 ? 6 : 4 }]
    : isLocalhostName(hostname)
      ? [{ address: '127.0.0.1', family: 4 }]
      : await resolveBefore(hostname, settings.resolve ?? systemResolver, deadline);
  if (addresses.length === 0) throw new SafeFetchError('dns_failed', 'The host name does not resolve');
  const isNamedPrivateHost =
    family === 0 && (settings.privateHostsAllowed ?? []).includes(hostname.toLowerCase().replace(/\.$/, ''));
  const allowed = (address: string) =>
    !isForbiddenAddress(address) ||
    (settings.allowLoopback === true && isAllowedLoopback(address)) ||
    (isNamedPrivateHost && isPrivateNetworkAddress(address));
  // One bad answer refuses the host: an attacker's DNS may mix public and private records.
  if (!addresses.every((entry) => allowed(entry.address))) {
    throw new SafeFetchError('private_address', 'The address points to a private network');
  }
  const chosen = addresses[0]!;
  if (isHttp && !settings.allowHttp && !isAllowedLoopback(chosen.address)) {
    throw new SafeFetchError('scheme_not_allowed', 'Only https addresses can be used');
  }
  return chosen;
}

/** RFC 6761: localhost and its subdomains are loopback whatever a resolver says (or fails to say). */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

async function resolveBefore(hostname: string, resolve: Resolver, deadline: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SafeFetchError('timeout', 'The host name did not resolve in time')),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([resolve(hostname), timeout]);
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('dns_failed', 'The host name does not resolve');
  } finally {
    clearTimeout(timer);
  }
}

function request(
  url: URL,
  target: ResolvedAddress,
  settings: typeof defaults & SafeFetchOptions,
  deadline: number,
): Promise<SafeResponse> {
  const transport = url.protocol === 'https:' ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<SafeResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: SafeFetchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      reject(error);
    };
    const outgoing = transport.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: settings.method ?? 'GET',
        headers: {
          'user-agent': 'Attest-integrations/1',
          accept: 'application/json',
          ...settings.headers,
          'accept-encoding': 'identity',
          ...(settings.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(settings.body)) }),
        },
        // No pooled sockets, and the name always resolves to the address checked above.
        agent: false,
        lookup: (_name, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) {
            (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [target]);
          } else callback(null, target.address, target.family);
        },
        ...(url.protocol === 'https:' && !isIP(hostname) ? { servername: hostname } : {}),
      },
      (incoming) => {
        const status = incoming.statusCode ?? 0;
        if (redirectStatuses.has(status) && incoming.headers.location) {
          incoming.resume();
          settled = true;
          clearTimeout(timer);
          outgoing.destroy();
          resolve(toResponse(url, status, incoming, Buffer.alloc(0)));
          return;
        }
        const declared = Number(incoming.headers['content-length']);
        if (Number.isFinite(declared) && declared > settings.maxBytes) {
          fail(new SafeFetchError('too_large', 'The answer is too large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > settings.maxBytes) fail(new SafeFetchError('too_large', 'The answer is too large'));
          else chunks.push(chunk);
        });
        incoming.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(toResponse(url, status, incoming, Buffer.concat(chunks)));
        });
        incoming.on('error', () => fail(new SafeFetchError('network', 'The connection failed')));
      },
    );
    const timer = setTimeout(
      () => fail(new SafeFetchError('timeout', 'The service did not answer in time')),
      Math.max(0, deadline - Date.now()),
    );
    outgoing.on('error', () => fail(new SafeFetchError('network', 'The connection failed')));
    outgoing.end(settings.body);
  });
}

function toResponse(url: URL, status: number, incoming: IncomingMessage, body: Buffer): SafeResponse {
  return {
    status,
    headers: incoming.headers,
    url: url.toString(),
    body,
    text: () => body.toString('utf8'),
    json: () => JSON.parse(body.toString('utf8')) as unknown,
  };
}
