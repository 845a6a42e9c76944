import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLimits } from '../../../shared/access';
import { createAccountMember, createOrganisation } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const post = (t: TestApp, url: string, payload: object, forwardedFor: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': forwardedFor } });

describe('rate limits of login, request and invite', () => {
  it('gives a direct client no extra budget for a spoofed X-Forwarded-For (TRUST_PROXY off by default)', async () => {
    const { organisation } = await createOrganisation(direct.database.db);
    const statuses = [];
    for (let attempt = 0; attempt <= accessLimits.loginPerIpPerMinute; attempt++) {
      const response = await post(
        direct,
        `/api/statuspage/share/${organisation.slug}/login`,
        { email: `p${attempt}@spoof.example` },
        `203.0.113.${attempt + 1}`,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits one address from many clients, behind a trusted proxy', async () => {
    const { organisation, product } = await createOrganisation(proxied.database.db);
    const statuses = [];
    for (let attempt = 0; attempt <= accessLimits.requestPerAddressPerHour; attempt++) {
      const response = await post(
        proxied,
        `/api/statuspage/share/${organisation.slug}/request`,
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'same@engines.example',
          companyName: 'Engines',
          agree: true,
          productId: product.id,
        },
        `198.51.100.${attempt + 1}`,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const otherAddress = await post(
      proxied,
      `/api/statuspage/share/${organisation.slug}/login`,
      { email: 'other@engines.example' },
      '198.51.100.200',
    );
    expect(otherAddress.statusCode).toBe(200);
  });

  it(`lets one member send at most ${accessLimits.invitePerMemberPerHour} invitations an hour`, async () => {
    const { organisation } = await createOrganisation(proxied.database.db);
    const { account, member } = await createAccountMember(proxied.database.db, organisation.id);
    const session = await createTestSession(proxied.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    const statuses = [];
    for (let attempt = 0; attempt <= accessLimits.invitePerMemberPerHour; attempt++) {
      const response = await proxied.app.inject({
        method: 'POST',
        url: `/api/statuspage/share/${account.id}/external/invite-colleague`,
        cookies: session.cookies,
        headers: { ...session.headers, 'x-forwarded-for': `192.0.2.${attempt + 1}` },
        payload: { emails: [`colleague${attempt}@customer.example`] },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  });
});
