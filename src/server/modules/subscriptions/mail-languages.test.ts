import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../../shared/i18n/locales';
import type { PortalCustomisation } from '../../../shared/portal';
import { organisations, outboxMessages, subscribers, updateDeliveries } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { MailboxMessage } from '../mail/mailbox-message';
import { fanOutUpdate } from '../updates/fan-out';
import { staffOrganisation, topicInput } from '../updates/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let clientNumber = 0;
function subscribe(slug: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/subscribe`,
    headers: { 'x-forwarded-for': `198.51.100.${++clientNumber}` },
    payload: body,
  });
}

async function onlyMailTo(email: string): Promise<MailboxMessage> {
  await t.providers.jobs.drain();
  const response = await t.app.inject({ url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}` });
  const mails = response.json<MailboxMessage[]>();
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

async function storedLocale(organisationId: string, email: string) {
  const [row] = await t.database.db
    .select({ locale: subscribers.locale })
    .from(subscribers)
    .where(and(eq(subscribers.organisationId, organisationId), eq(subscribers.email, email)));
  return row?.locale;
}

const offering = (offeredLocales: PortalCustomisation['offeredLocales']) =>
  createOrganisation(t.database.db, { name: 'Initech', customisation: { offeredLocales } });

describe('mails in the language the person used', () => {
  it('writes the confirmation in the page’s language and keeps it for the subscriber', async () => {
    const { organisation } = await offering([...locales]);
    expect(
      (await subscribe(organisation.slug, { email: 'anna@kunde.example', locale: 'de' })).statusCode,
    ).toBe(202);
    const german = await onlyMailTo('anna@kunde.example');
    expect(german.subject).toBe('Bestätigen Sie Ihr Abonnement der Updates von Initech');
    expect(german.html).toContain('lang="de"');
    expect(german.html).toContain('Abonnement bestätigen');
    expect(german.text).toContain('Abbestellen: http');
    expect(await storedLocale(organisation.id, 'anna@kunde.example')).toBe('de');
    // The link opens the confirmation page in German too, whatever the browser asks for.
    const link = german.text.match(/https?:\/\/\S+\/subscribe\/confirm\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const page = await t.app.inject({ url: url.pathname + url.search, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('<html lang="de" dir="ltr"');
    expect(page.body).toContain('Senden Sie mir Updates zu');
    expect(page.body).toContain('Vorfälle');
    expect(page.body).toContain('Abonnement bestätigen');

    await subscribe(organisation.slug, { email: 'layla@client.example', locale: 'ar' });
    const arabic = await onlyMailTo('layla@client.example');
    expect(arabic.html).toContain('<html dir="rtl" lang="ar">');
    expect(arabic.subject).toBe('أكّد اشتراكك في تحديثات Initech');
  });

  it('writes in the organisation’s default when the language is not offered or not given', async () => {
    const { organisation } = await offering(['en']);
    await subscribe(organisation.slug, { email: 'kenji@customer.example', locale: 'ja' });
    const mail = await onlyMailTo('kenji@customer.example');
    expect(mail.subject).toBe('Confirm your subscription to Initech updates');
    expect(mail.html).toContain('lang="en"');
    expect(await storedLocale(organisation.id, 'kenji@customer.example')).toBeNull();
    const unknown = await subscribe(organisation.slug, { email: 'x@customer.example', locale: 'xx' });
    expect(unknown.statusCode).toBe(400);
  });

  it('sends one update to each subscriber in their language, the update itself as staff wrote it', async () => {
    const staff = await staffOrganisation(t);
    await t.database.db.insert(subscribers).values(
      [
        ['de@customer.example', 'de'],
        ['ar@customer.example', 'ar'],
        ['default@customer.example', null],
      ].map(([email, locale]) => ({
        organisationId: staff.organisation.id,
        email: email!,
        source: 'subscribe_button',
        status: 'confirmed' as const,
        confirmedAt: new Date(),
        categories: ['incidents' as const],
        locale,
      })),
    );
    // German is offered; Arabic was, and is no longer: that subscriber reads the default.
    await t.database.db
      .update(organisations)
      .set({ customisation: { offeredLocales: ['en', 'de'] } })
      .where(eq(organisations.id, staff.organisation.id));
    const response = await staff.inject({
      method: 'POST',
      url: '/api/updates/topics',
      payload: topicInput({
        subject: 'Scheduled maintenance',
        category: 'incidents',
        channels: { statusPage: true, email: { enabled: true, subscribers: true, audience: [] } },
      }),
    });
    const updateId = response.json<{ updates: Array<{ id: string }> }>().updates[0]!.id;
    await fanOutUpdate({ db: t.database.db, config: t.config, providers: t.providers }, updateId);
    const rows = await t.database.db
      .select({ email: updateDeliveries.email, text: outboxMessages.text, html: outboxMessages.html })
      .from(updateDeliveries)
      .innerJoin(outboxMessages, eq(outboxMessages.id, updateDeliveries.outboxMessageId))
      .where(eq(updateDeliveries.updateId, updateId));
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    const german = byEmail.get('de@customer.example')!;
    expect(german.text).toContain('Vorfälle: Update von');
    expect(german.text).toContain('Sie folgen: Vorfälle.');
    expect(german.text).toContain('Im Trust Center lesen');
    expect(german.html).toContain('lang="de"');
    // The mail's "change what you receive" link opens the preference page in German too.
    const manage = german.text.match(/Ändern, was Sie erhalten: (\S+)/)?.[1];
    expect(manage).toBeDefined();
    const manageUrl = new URL(manage!);
    manageUrl.searchParams.set('done', 'saved');
    const preferences = await t.app.inject({ url: manageUrl.pathname + manageUrl.search });
    expect(preferences.body).toContain('<html lang="de" dir="ltr"');
    expect(preferences.body).toContain('Ihr Abonnement');
    expect(preferences.body).toContain('Sie folgen');
    expect(preferences.body).toContain('Ihre Auswahl ist gespeichert.');
    expect(preferences.body).toContain('Oder in einem Feedreader folgen');
    for (const email of ['ar@customer.example', 'default@customer.example']) {
      const english = byEmail.get(email)!;
      expect(english.text).toContain('You follow: Incidents.');
      expect(english.html).toContain('lang="en"');
    }
    // The subject is staff's text, the same for everyone until content translations exist.
    for (const row of rows) expect(row.text).toContain('Scheduled maintenance');
  });
});
