import dgram from 'node:dgram';
import dns from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createOrganisation, createStaffUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInForSession } from '../staff/test-helpers';

/**
 * A tiny authoritative DNS server on 127.0.0.1 answering TXT questions from `records`, encoded by hand
 * (RFC 1035): the real node:dns resolver talks to it, so the verification path is the production one.
 */
const records = new Map<string, string[]>();
let server: dgram.Socket;
const defaultServers = dns.getServers();

function readName(message: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  while (message[offset]! !== 0) {
    const length = message[offset]!;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 1 };
}

function answer(query: Buffer): Buffer {
  const { name, end } = readName(query, 12);
  const questionEnd = end + 4;
  const type = query.readUInt16BE(end);
  const values = type === 16 ? (records.get(name) ?? null) : null;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR + RD + RA, and NXDOMAIN when the name has no record.
  header.writeUInt16BE(values ? 0x8180 : 0x8183, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values?.length ?? 0, 6);
  const answers = (values ?? []).map((value) => {
    const text = Buffer.from(value, 'ascii');
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // name: pointer to the question
    fixed.writeUInt16BE(16, 2); // TXT
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(text.length + 1, 10);
    return Buffer.concat([fixed, Buffer.from([text.length]), text]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  server = dgram.createSocket('udp4');
  server.on('message', (message, remote) => server.send(answer(message), remote.port, remote.address));
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  dns.setServers([`127.0.0.1:${(server.address() as AddressInfo).port}`]);
});
afterAll(async () => {
  dns.setServers(defaultServers);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

async function staffOf(name: string) {
  const { organisation } = await createOrganisation(t.database.db, { name });
  const user = await createStaffUser(t.database.db, organisation.id);
  const session = await signInForSession(t.app, user.email);
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies: session.cookies, headers: session.headers, payload });
  return { organisation, call };
}

const portalOn = (host: string) => t.app.inject({ url: '/', headers: { host } });

describe('custom domain verified by DNS TXT record', () => {
  it('routes to the organisation only after the TXT record holds the token', async () => {
    const { organisation, call } = await staffOf('Hooli');
    const set = await call('PUT', '/api/staff/custom-domain', { domain: ' Trust.Hooli.Example. ' });
    expect(set.statusCode).toBe(200);
    const claim = set.json().claim;
    expect(claim).toMatchObject({
      domain: 'trust.hooli.example',
      recordName: '_attest-challenge.trust.hooli.example',
      isVerified: false,
    });
    expect(claim.recordValue).toMatch(/^attest-verification=[\w-]{32}$/);
    expect(set.json().activeDomain).toBeNull();

    // Not verified yet: the Host names no organisation.
    expect((await portalOn('trust.hooli.example')).statusCode).toBe(404);

    const missing = await call('POST', '/api/staff/custom-domain/verify');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain(
      'No TXT record found at _attest-challenge.trust.hooli.example',
    );

    records.set('_attest-challenge.trust.hooli.example', ['someone-else']);
    const wrong = await call('POST', '/api/staff/custom-domain/verify');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('does not hold the value shown');
    expect((await portalOn('trust.hooli.example')).statusCode).toBe(404);

    records.set('_attest-challenge.trust.hooli.example', ['v=other', claim.recordValue]);
    const verified = await call('POST', '/api/staff/custom-domain/verify');
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      activeDomain: 'trust.hooli.example',
      claim: { isVerified: true },
    });

    const page = await portalOn('trust.hooli.example');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hooli');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), ne(auditLog.action, 'staff.signed_in')));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'custom_domain.requested',
      'custom_domain.verified',
    ]);
  });

  it('keeps the verified domain while a new one waits for its record, and removes it on request', async () => {
    const { call } = await staffOf('Pied Piper');
    const first = await call('PUT', '/api/staff/custom-domain', { domain: 'trust.piedpiper.example' });
    records.set('_attest-challenge.trust.piedpiper.example', [first.json().claim.recordValue]);
    expect((await call('POST', '/api/staff/custom-domain/verify')).statusCode).toBe(200);

    const second = await call('PUT', '/api/staff/custom-domain', { domain: 'security.piedpiper.example' });
    expect(second.json()).toMatchObject({
      activeDomain: 'trust.piedpiper.example',
      claim: { domain: 'security.piedpiper.example', isVerified: false },
    });
    expect((await portalOn('trust.piedpiper.example')).statusCode).toBe(200);
    expect((await portalOn('security.piedpiper.example')).statusCode).toBe(404);

    const removed = await call('DELETE', '/api/staff/custom-domain');
    expect(removed.json()).toEqual({ activeDomain: null, claim: null });
    expect((await portalOn('trust.piedpiper.example')).statusCode).toBe(404);
  });

  it('refuses a domain another organisation already answers on', async () => {
    const owner = await staffOf('Aviato');
    const claim = await owner.call('PUT', '/api/staff/custom-domain', { domain: 'trust.aviato.example' });
    records.set('_attest-challenge.trust.aviato.example', [claim.json().claim.recordValue]);
    expect((await owner.call('POST', '/api/staff/custom-domain/verify')).statusCode).toBe(200);
    const other = await staffOf('Not Aviato');
    const taken = await other.call('PUT', '/api/staff/custom-domain', { domain: 'trust.aviato.example' });
    expect(taken.statusCode).toBe(409);
  });

  it('answers 400 for invalid domains, naming the problem', async () => {
    const { call } = await staffOf('Bachmanity');
    const cases: [string, RegExp][] = [
      ['https://trust.example.com/', /without https:\/\//],
      ['trust.example.com/path', /without https:\/\//],
      ['localhost', /Not a valid domain name/],
      ['10.0.0.1', /Not a valid domain name/],
      ['-bad-.example.com', /Not a valid domain name/],
      ['', /Enter a domain name/],
      [`${'a'.repeat(64)}.example.com`, /Not a valid domain name/],
      ['attest.test', /belongs to this installation/],
      ['org.attest.test', /belongs to this installation/],
    ];
    for (const [domain, message] of cases) {
      const response = await call('PUT', '/api/staff/custom-domain', { domain });
      expect(response.statusCode, domain).toBe(400);
      expect(JSON.stringify(response.json().error), domain).toMatch(message);
    }
    expect((await call('GET', '/api/staff/custom-domain')).json()).toEqual({
      activeDomain: null,
      claim: null,
    });
  });

  it('verifying without a requested domain is a 404 that says what to do', async () => {
    const { call } = await staffOf('Endframe');
    const response = await call('POST', '/api/staff/custom-domain/verify');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Set a custom domain before verifying it');
  });
});
