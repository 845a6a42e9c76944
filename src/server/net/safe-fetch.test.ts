import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isForbiddenAddress } from './ip-ranges';
import { checkOutboundUrl, SafeFetchError, type SafeFetchOptions, safeFetch } from './safe-fetch';

/** A TCP listener that only counts connections: any count above zero means a refused target was reached. */
async function listenCanary(host: string) {
  return listenCanaryAt(host, 0);
}

async function listenCanaryAt(host: string, port: number) {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let canary: Awaited<ReturnType<typeof listenCanary>>;
let otherLoopbackCanary: Awaited<ReturnType<typeof listenCanary>> | null = null;
let fake: http.Server;
let fakePort = 0;
const hostHeaders: string[] = [];

beforeAll(async () => {
  canary = await listenCanary('127.0.0.1');
  // 127.0.0.2 is loopback too, but not the one address the test option lets through.
  otherLoopbackCanary = await listenCanary('127.0.0.2').catch(() => null);
  fake = http.createServer((request, response) => {
    hostHeaders.push(request.headers.host ?? '');
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname === '/ok') return void response.end(JSON.stringify({ ok: true }));
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/ok' });
      return void response.end();
    }
    if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' });
      return void response.end();
    }
    if (url.pathname === '/big') return void response.end(Buffer.alloc(64 * 1024, 'a'));
    if (url.pathname === '/slow') return; // never answers
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakePort = (fake.address() as AddressInfo).port;
});

afterAll(async () => {
  await canary.close();
  await otherLoopbackCanary?.close();
  fake.closeAllConnections();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

beforeEach(() => {
  hostHeaders.length = 0;
});

async function refusal(url: string, options: SafeFetchOptions = {}) {
  const error = await safeFetch(url, { timeoutMs: 2000, ...options }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return (error as SafeFetchError).code;
}

describe('address ranges', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.2.10',
    '198.18.0.1',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2001:db8::1',
    '2001::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '[::1]',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '2606:4700::6810:85e5',
    '::ffff:93.184.216.34',
    '64:ff9b::808:808',
    '2002:5db8:d822::1',
  ])('allows public %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('safeFetch refuses private targets without connecting', () => {
  it.each([
    'https://localhost:PORT/',
    'https://127.0.0.1:PORT/',
    'https://127.1:PORT/',
    'https://0x7f.1:PORT/',
    'https://0177.0.0.1:PORT/',
    'https://2130706433:PORT/',
    'https://[::ffff:127.0.0.1]:PORT/',
    'https://[::1]:PORT/',
  ])('%s', async (template) => {
    const code = await refusal(template.replace('PORT', String(canary.port)));
    expect(code).toBe('private_address');
    expect(canary.connections).toBe(0);
  });

  it('refuses a name whose answers include any private address, and plain http', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '127.0.0.1', family: 4 as const },
    ];
    expect(await refusal(`https://mixed.example:${canary.port}/`, { resolve: mixed })).toBe(
      'private_address',
    );
    expect(await refusal(`http://127.0.0.1:${canary.port}/`)).toBe('scheme_not_allowed');
    expect(await refusal(`ftp://127.0.0.1:${canary.port}/`)).toBe('scheme_not_allowed');
    expect(await refusal(`https://user:secret@example.com:${canary.port}/`)).toBe('invalid_url');
    expect(canary.connections).toBe(0);
  });

  it('only lets 127.0.0.1 through with the test option, never other private addresses', async () => {
    const options = { allowLoopback: true };
    expect(await refusal(`https://[::ffff:10.0.0.1]:${canary.port}/`, options)).toBe('private_address');
    expect(await refusal(`https://169.254.169.254:${canary.port}/`, options)).toBe('private_address');
    if (otherLoopbackCanary) {
      expect(await refusal(`http://127.0.0.2:${otherLoopbackCanary.port}/`, options)).toBe('private_address');
      expect(otherLoopbackCanary.connections).toBe(0);
    }
  });
});

describe('an identity provider named in SSO_PRIVATE_HOSTS', () => {
  const answers = (address: string) => async () => [{ address, family: 4 as const }];
  it('may be on a private network by that exact name only, never loopback or link-local', async () => {
    const options = { privateHostsAllowed: ['sso.corp.example'] };
    const tenNet = { ...options, resolve: answers('10.20.30.40') };
    // Allowed by the gate (checked without connecting: nothing here may reach a private network).
    await expect(
      checkOutboundUrl('https://sso.corp.example/.well-known/openid-configuration', tenNet),
    ).resolves.toBeUndefined();
    expect(await refusal('https://other.corp.example/', tenNet)).toBe('private_address');
    expect(await refusal('https://10.20.30.40/', options)).toBe('private_address');
    expect(await refusal('https://sso.corp.example/', { ...options, resolve: answers('127.0.0.1') })).toBe(
      'private_address',
    );
    expect(
      await refusal('https://sso.corp.example/', { ...options, resolve: answers('169.254.169.254') }),
    ).toBe('private_address');
    expect(await refusal('http://sso.corp.example/', tenNet)).toBe('scheme_not_allowed');
  });
});

describe('safeFetch against a local server (test option on)', () => {
  const options = { allowLoopback: true, timeoutMs: 2000 };

  it('connects to the checked address whatever the name, resolving it once', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return lookups === 1
        ? [{ address: '127.0.0.1', family: 4 as const }]
        : [{ address: '10.0.0.1', family: 4 as const }];
    };
    const response = await safeFetch(`http://status.example:${fakePort}/ok`, { ...options, resolve });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(lookups).toBe(1);
    expect(hostHeaders).toEqual([`status.example:${fakePort}`]);
  });

  it('DNS rebinding: a name that answers an allowed address, then loopback, is connected to the first only', async () => {
    // A canary on another loopback address at the fake server's port: where a second resolution would go.
    const rebound = await listenCanaryAt('127.0.0.2', fakePort).catch(() => null);
    if (!rebound) return expect.fail('127.0.0.2 must be usable for this test (Linux routes 127/8 to lo)');
    try {
      const answers = ['127.0.0.1', '127.0.0.2'];
      let lookups = 0;
      const resolve = async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 as const }];
      for (let attempt = 0; attempt < 3; attempt++) {
        lookups = 0;
        const response = await safeFetch(`http://rebind.example:${fakePort}/ok`, { ...options, resolve });
        expect(response.json()).toEqual({ ok: true });
        expect(lookups).toBe(1);
      }
      // Asked afresh, the name now answers only loopback beyond the allowance: refused before connecting.
      lookups = 1;
      expect(await refusal(`http://rebind.example:${fakePort}/ok`, { ...options, resolve })).toBe(
        'private_address',
      );
      expect(rebound.connections).toBe(0);
    } finally {
      await rebound.close();
    }
  });

  it('checks every redirect target, follows at most three', async () => {
    const followed = await safeFetch(`http://127.0.0.1:${fakePort}/redirect?to=/ok`, options);
    expect(followed.json()).toEqual({ ok: true });

    const toCanary = `https://[::ffff:127.0.0.1]:${canary.port}/`;
    expect(
      await refusal(`http://127.0.0.1:${fakePort}/redirect?to=${encodeURIComponent(toCanary)}`, options),
    ).toBe('private_address');
    const toMetadata = 'http://169.254.169.254/latest/meta-data';
    expect(
      await refusal(`http://127.0.0.1:${fakePort}/redirect?to=${encodeURIComponent(toMetadata)}`, options),
    ).toBe('private_address');
    if (otherLoopbackCanary) {
      const toOther = `http://127.0.0.2:${otherLoopbackCanary.port}/`;
      expect(
        await refusal(`http://127.0.0.1:${fakePort}/redirect?to=${encodeURIComponent(toOther)}`, options),
      ).toBe('private_address');
      expect(otherLoopbackCanary.connections).toBe(0);
    }
    expect(canary.connections).toBe(0);
    hostHeaders.length = 0;
    expect(await refusal(`http://127.0.0.1:${fakePort}/loop`, options)).toBe('too_many_redirects');
    // The first request and three followed redirects reached the server; the fourth was not followed.
    expect(hostHeaders).toHaveLength(4);
  });

  it('gives up on slow and oversized answers', async () => {
    expect(await refusal(`http://127.0.0.1:${fakePort}/slow`, { ...options, timeoutMs: 150 })).toBe(
      'timeout',
    );
    expect(await refusal(`http://127.0.0.1:${fakePort}/big`, { ...options, maxBytes: 1024 })).toBe(
      'too_large',
    );
  });
});
