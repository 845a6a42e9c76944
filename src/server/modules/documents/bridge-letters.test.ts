import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMessages } from '../../../shared/cards';
import { bridgeLetterMessages, type DocumentsView } from '../../../shared/documents';
import { bridgeLetters, items } from '../../db/schema';
import {
  createAccountMember,
  createOrganisation,
  createStaffUser,
  findCatalogueItem,
} from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const filled = {
  letterEnabled: true,
  letterContent: 'No material changes to our controls since the end of the audit period.',
  signerName: 'Dana Chief',
  signerTitle: 'Chief Information Security Officer',
};
const empty = { letterEnabled: true, letterContent: '  ', signerName: '', signerTitle: ' ' };

async function setUp() {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { name: 'Acme Cloud' });
  const staff = await createStaffUser(db, organisation.id);
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
  const { member } = await createAccountMember(db, organisation.id);
  const memberSession = await createTestSession(db, {
    organisationId: organisation.id,
    accountMemberId: member.id,
  });
  const send = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, cookies: session.cookies, headers: session.headers });
  const letterUrl = `/api/trust-center/products/${product.id}/bridge-letters/soc2`;
  const report = await findCatalogueItem(db, product.id, 'reports.soc-2-type-2');
  await db.update(items).set({ enabledState: 'Enabled' }).where(eq(items.id, report.id));
  const memberLetters = async () => {
    const view = await t.app.inject({
      url: `/api/statuspage/share/${organisation.slug}/view`,
      cookies: memberSession.cookies,
    });
    return (view.json().documents as DocumentsView).files.filter((file) => file.kind === 'letter');
  };
  return { db, organisation, product, send, letterUrl, report, memberSession, memberLetters };
}

describe('bridge letter editing', () => {
  it("names the letter's report item before any letter exists, so the editor can place it", async () => {
    const s = await setUp();
    const letter = (await s.send('GET', s.letterUrl)).json();
    expect(letter).toMatchObject({
      letterType: 'soc2',
      letterEnabled: false,
      letterId: null,
      itemUid: s.report.id,
      fileName: 'Acme-Cloud-SOC-2-Bridge-Letter.pdf',
      viewUrl: null,
    });
  });

  it("answers an enabled letter's empty fields with the spec's three messages; a disabled one needs none", async () => {
    const s = await setUp();
    const refused = await s.send('PUT', s.letterUrl, empty);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: bridgeLetterMessages.contentRequired,
      fields: {
        letterContent: bridgeLetterMessages.contentRequired,
        signerName: bridgeLetterMessages.signerNameRequired,
        signerTitle: bridgeLetterMessages.signerTitleRequired,
      },
    });
    const onlySigner = await s.send('PUT', s.letterUrl, { ...filled, signerName: ' ' });
    expect(onlySigner.json().error.fields).toEqual({ signerName: bridgeLetterMessages.signerNameRequired });
    expect(await s.db.select().from(bridgeLetters).where(eq(bridgeLetters.productId, s.product.id))).toEqual(
      [],
    );
    const disabled = await s.send('PUT', s.letterUrl, { ...empty, letterEnabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ letterEnabled: false, itemUid: s.report.id });
  });

  it('refuses to enable a letter without the plan feature, offers stored letters to nobody, and still lets staff switch one off', async () => {
    const s = await setUp();
    const saved = await s.send('PUT', s.letterUrl, filled);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await s.memberLetters()).toHaveLength(1);
    const [entry] = await s.memberLetters();

    const plan = await s.send('PATCH', '/api/staff/plan-features', { bridgeLetters: false });
    expect(plan.json()).toMatchObject({ bridgeLetters: false });
    const refused = await s.send('PUT', s.letterUrl, { ...filled, signerName: 'Someone Else' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(cardMessages.upgradePlan);
    // The plan is checked before the fields: an empty letter is refused for the plan, not its fields.
    expect((await s.send('PUT', s.letterUrl, empty)).json().error.message).toBe(cardMessages.upgradePlan);
    const [stored] = await s.db.select().from(bridgeLetters).where(eq(bridgeLetters.productId, s.product.id));
    expect(stored).toMatchObject({ signerName: filled.signerName });

    expect(await s.memberLetters()).toEqual([]);
    const download = await t.app.inject({ url: entry!.downloadUrl!, cookies: s.memberSession.cookies });
    expect(download.statusCode).toBeGreaterThanOrEqual(400);
    expect(download.statusCode).toBeLessThan(500);
    // Staff still read what is stored, to switch it off.
    expect((await s.send('GET', s.letterUrl)).json()).toMatchObject({ letterEnabled: true });
    const off = await s.send('PUT', s.letterUrl, { ...filled, letterEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await s.db.select().from(bridgeLetters).where(eq(bridgeLetters.productId, s.product.id))).toEqual(
      [],
    );

    await s.send('PATCH', '/api/staff/plan-features', { bridgeLetters: true });
    expect((await s.send('PUT', s.letterUrl, filled)).statusCode).toBe(200);
    expect(await s.memberLetters()).toHaveLength(1);
  });
});
