import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dismissWelcome,
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

// Chat channels post to a sink on 127.0.0.1 here; the outbound gate lets exactly that address through.
const journey = useJourneyHarness({
  dataDirectoryPrefix: 'attest-e2e-updates-journey-',
  env: { OUTBOUND_ALLOW_LOOPBACK: 'true' },
});

type MailboxMessage = {
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
};

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, name) });

async function mailboxOf(address: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${journey.baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MailboxMessage[];
}

/** The mail arrives once its delivery job has run on the server's own job queue; polled until then. */
async function waitForMail(address: string, subjectPart: string): Promise<MailboxMessage> {
  let mail: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        mail = (await mailboxOf(address)).find((message) => message.subject.includes(subjectPart));
        return Boolean(mail);
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  return mail!;
}

/** Subscribes and confirms over HTTP, as a second reader whose mailbox shows that a delivery ran. */
async function subscribeOverHttp(address: string) {
  const subscribed = await fetch(`${journey.baseUrl}/api/statuspage/share/acme/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: address, source: 'subscribe_button' }),
  });
  expect(subscribed.status).toBe(202);
  const confirmation = await waitForMail(address, '');
  const token = new URL(
    /https?:\/\/\S+\/subscribe\/confirm\?token=\S+/.exec(confirmation.text)![0],
  ).searchParams.get('token')!;
  const confirmed = await fetch(`${journey.baseUrl}/acme/subscribe/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
    redirect: 'manual',
  });
  expect(confirmed.status).toBe(303);
  expect(confirmed.headers.get('location')).toBe('/acme?subscribeStatus=Confirmed');
}

/** Publishes a topic from the console's dialog with the e-mail channel to every confirmed subscriber. */
async function publishFromConsole(page: Page, subject: string, message: string) {
  await page.getByTestId('console-publish-update').click();
  const dialog = page.getByRole('dialog', { name: 'Publish update' });
  await dialog.waitFor();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Category').selectOption('compliance');
  await dialog.getByLabel('Message', { exact: true }).fill(message);
  await dialog.getByLabel('E-mail', { exact: true }).click();
  const everySubscriber = dialog.getByLabel(/^All confirmed subscribers/);
  expect(await everySubscriber.isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Publish update' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('article', { name: subject }).waitFor();
}

/** The console shows the update's delivery progress; it polls while the fan-out and mails run. */
async function waitForDeliveryFinished(page: Page, subject: string) {
  const progress = page.getByRole('article', { name: subject }).getByTestId('delivery-progress');
  await expect
    .poll(
      async () => {
        if (!(await progress.isVisible())) await page.reload();
        return (await progress.textContent()) ?? '';
      },
      { timeout: 60_000, interval: 500 },
    )
    .toContain('Delivery finished');
  return (await progress.textContent()) ?? '';
}

describe('a subscriber of trust updates', () => {
  it('subscribes, confirms, receives the next update, unsubscribes with one click and gets no more; staff pin and hide', {
    timeout: 300_000,
  }, async () => {
    const reader = 'journey-reader@customer.example';
    const colleague = 'journey-colleague@customer.example';
    const firstSubject = 'Journey: SOC 2 bridge letter published';
    const secondSubject = 'Journey: annual penetration test summary';

    // The visitor subscribes through the card's popover and confirms from the dev mailbox (GET, then POST).
    const visitor = await journey.newContext(1280);
    const page = await visitor.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${journey.baseUrl}/acme`);
    await dismissWelcome(page);
    const card = page.getByTestId('updates-card');
    await card.getByTestId('subscribe-button').click();
    const popover = page.getByRole('dialog', { name: /updates$/ });
    await popover.waitFor();
    await popover.getByLabel('E-mail address').fill(reader);
    await popover.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please check your email inbox to confirm your subscription').waitFor();

    const confirmation = await waitForMail(reader, '');
    const confirmLink = /https?:\/\/\S+\/subscribe\/confirm\?token=\S+/.exec(confirmation.text)?.[0];
    expect(confirmLink).toBeDefined();
    await page.goto(confirmLink!);
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    // Everything starts ticked; the reader leaves out general news.
    await page.getByLabel('General', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL(/\/acme\?subscribeStatus=Confirmed$/);
    const confirmed = page.getByRole('dialog', { name: 'Subscription confirmed' });
    await confirmed.waitFor();
    await settle(page);
    await shot(page, 'updates-journey-confirmed-1280.png');
    await confirmed.getByRole('button', { name: 'Done' }).click();
    await confirmed.waitFor({ state: 'hidden' });
    await subscribeOverHttp(colleague);

    // A staff member signs in and publishes with the e-mail channel; the server's job queue delivers it.
    const staffContext = await journey.newContext(1280);
    const staff = await staffContext.newPage();
    const staffProblems = watchForErrors(staff);
    await signInAsStaff(staff, journey.baseUrl);
    await staff.goto(`${journey.baseUrl}/console/updates`);
    await staff.getByRole('heading', { name: 'Updates', level: 1 }).waitFor();
    await publishFromConsole(
      staff,
      firstSubject,
      'The **bridge letter** covering the months since our last SOC 2 report is available on request.',
    );

    const update = await waitForMail(reader, firstSubject);
    expect(update.subject).toBe(`Acme Cloud: ${firstSubject}`);
    expect(update.text).toContain('The bridge letter covering the months since our last SOC 2 report');
    const oneClickUrl = /^<(.+)>$/.exec(update.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(oneClickUrl).toMatch(
      new RegExp(
        `^${journey.baseUrl.replaceAll('.', '\\.')}/api/statuspage/share/acme/unsubscribe\\?token=[\\w.-]+$`,
      ),
    );
    expect(update.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribeLink = /https?:\/\/\S+\/acme\?unsubscribeToken=[\w.-]+/.exec(update.text)?.[0];
    expect(unsubscribeLink).toBeDefined();
    expect(update.html).toContain(unsubscribeLink);
    expect(update.text).toContain('You follow: Compliance · Vulnerabilities · Incidents · Subprocessors.');

    // The mail's preference link: opening it changes nothing; the reader then drops incidents.
    const manageLink = /https?:\/\/\S+\/acme\/subscription\?token=[\w.-]+/.exec(update.text)?.[0];
    expect(manageLink).toBeDefined();
    await page.goto(manageLink!);
    await page.getByRole('heading', { name: 'Your subscription' }).waitFor();
    expect(await page.getByLabel('General', { exact: true }).isChecked()).toBe(false);
    await page.getByLabel('Incidents', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Your choices are saved.').waitFor();
    expect(await page.getByText('Compliance · Vulnerabilities · Subprocessors').count()).toBe(1);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'updates-journey-preferences-1280.png');
    const firstDelivery = await waitForDeliveryFinished(staff, firstSubject);
    expect(firstDelivery).toMatch(/0\s*failed/);
    await settle(staff);
    await shot(staff, 'updates-journey-delivery-1280.png');

    // One click in the mail client: a form POST to the List-Unsubscribe URL, without any cookie.
    const oneClick = await fetch(oneClickUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ status: 'unsubscribed' });
    await staff.goto(`${journey.baseUrl}/console/subscribers`);
    await staff.getByRole('searchbox', { name: 'Search subscribers by e-mail' }).fill(reader);
    const row = staff.getByTestId('subscriber-row').filter({ hasText: reader });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Unsubscribed');

    // The mail's own unsubscribe link opens the dialog; confirming again answers with the success snack.
    await page.goto(unsubscribeLink!);
    const unsubscribe = page.getByRole('dialog', { name: 'Unsubscribe from Acme Cloud updates?' });
    await unsubscribe.waitFor();
    expect(await unsubscribe.textContent()).toContain(reader);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'updates-journey-unsubscribe-1280.png');
    await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You have been unsubscribed to updates').waitFor();
    await unsubscribe.waitFor({ state: 'hidden' });
    await page.waitForURL(`${journey.baseUrl}/acme`);

    // The next update reaches the colleague, and not the address that unsubscribed.
    await staff.goto(`${journey.baseUrl}/console/updates`);
    await publishFromConsole(staff, secondSubject, 'No critical or high findings remain open.');
    await waitForMail(colleague, secondSubject);
    await waitForDeliveryFinished(staff, secondSubject);
    const readerMail = await mailboxOf(reader);
    expect(readerMail.map((mail) => mail.subject)).toContain(`Acme Cloud: ${firstSubject}`);
    expect(readerMail.some((mail) => mail.subject.includes(secondSubject))).toBe(false);

    // Staff pin the newest topic from the console: the visitor's card marks it pinned.
    const visitorTopic = card.getByTestId('trust-update').filter({ hasText: secondSubject });
    await page.reload();
    await visitorTopic.waitFor();
    expect(await visitorTopic.textContent()).not.toContain('Pinned');
    const topicActions = async (subject: string, action: string, checkAccessibility = false) => {
      await staff.getByRole('button', { name: `Actions for ${subject}` }).click();
      // With the menu open the console stays free of serious axe findings (no aria-hidden-focus).
      if (checkAccessibility) await expectNoSeriousAccessibilityViolations(staff);
      await staff.getByRole('menuitem', { name: action }).click();
    };
    await topicActions(secondSubject, 'Pin to the top', true);
    await staff.getByRole('article', { name: secondSubject }).getByText('Pinned').waitFor();
    await page.reload();
    await visitorTopic.waitFor();
    expect(await visitorTopic.textContent()).toContain('Pinned');
    await visitorTopic.scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, 'updates-journey-pinned-1280.png');

    // Hidden, it leaves the card and the notification bar names the newest topic still shown.
    const bar = page.getByTestId('updates-notification-bar');
    expect(await bar.textContent()).toContain(secondSubject);
    await topicActions(secondSubject, 'Hide from the trust center');
    await staff.getByRole('article', { name: secondSubject }).getByText('Hidden').waitFor();
    await settle(staff);
    await shot(staff, 'updates-journey-console-hidden-1280.png');
    await page.reload();
    await card.getByTestId('trust-update').filter({ hasText: firstSubject }).waitFor();
    expect(await card.getByTestId('trust-update').filter({ hasText: secondSubject }).count()).toBe(0);
    await bar.waitFor();
    expect(await bar.textContent()).toContain(firstSubject);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await shot(page, 'updates-journey-hidden-bar-1280.png');
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await card.screenshot({ path: path.join(screenshots, 'updates-journey-hidden-card-1280.png') });

    expect(problems).toEqual([]);
    expect(staffProblems).toEqual([]);
    await visitor.close();
    await staffContext.close();
  });

  it('a subprocessor change is announced with an effective date; a subscriber objects by mailed link and staff answer', {
    timeout: 240_000,
  }, async () => {
    const dpo = 'journey-dpo@customer.example';
    await subscribeOverHttp(dpo);

    // Staff add a subprocessor to Acme Payroll (over the API, as the card's dialog would).
    const staffContext = await journey.newContext(1280);
    const staff = await staffContext.newPage();
    const staffProblems = watchForErrors(staff);
    await signInAsStaff(staff, journey.baseUrl);
    await staff.goto(`${journey.baseUrl}/acme`);
    const added = await staff.evaluate(async () => {
      const data = JSON.parse(document.getElementById('attest-page-data')?.textContent ?? '{}');
      const catalogue = await (await fetch('/api/products')).json();
      const payroll = catalogue.products.find((product: { slug: string }) => product.slug === 'payroll');
      const response = await fetch(`/api/trust-center/products/${payroll.id}/subprocessors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': data.csrfToken },
        body: JSON.stringify({
          company: { source: 'custom', name: 'Journey Analytics' },
          purpose: 'Product analytics',
          location: 'Canada',
        }),
      });
      return response.status;
    });
    expect(added).toBe(200);

    // The console drafts the notice from the difference; staff publish it with the proposed date.
    await staff.goto(`${journey.baseUrl}/console/subprocessor-notices`);
    const draft = staff.getByTestId('notice-draft');
    await draft.getByText('Journey Analytics (Product analytics, Canada)', { exact: true }).waitFor();
    await expectNoSeriousAccessibilityViolations(staff);
    await settle(staff);
    await shot(staff, 'subprocessor-notice-draft-1280.png');
    await draft.getByRole('button', { name: 'Publish notice' }).click();
    await staff.getByTestId('published-notice').first().waitFor();
    await draft.getByText('The subprocessor list has not changed since the last notice').waitFor();

    // Until the date, the subprocessors card announces the change to visitors.
    const visitor = await journey.newContext(390);
    const page = await visitor.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${journey.baseUrl}/acme`);
    await dismissWelcome(page);
    const upcoming = page.getByTestId('upcoming-subprocessor-changes');
    await upcoming.waitFor();
    expect(await upcoming.textContent()).toMatch(
      /^From .+: Added Journey Analytics \(Product analytics, Canada\)$/,
    );

    // The subscriber's update mail links to the notice; the page mails a link to object.
    const notice = await waitForMail(dpo, 'Subprocessor changes from');
    const noticeLink = /https?:\/\/\S+\/acme\/subprocessor-notices\/[\w-]+/.exec(notice.text)?.[0];
    expect(noticeLink).toBeDefined();
    await page.goto(noticeLink!);
    await page.getByRole('heading', { name: /^Subprocessor changes from / }).waitFor();
    await page.getByLabel('Your work e-mail').fill(dpo);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText('we sent it a link to object').waitFor();
    const linkMail = await waitForMail(dpo, 'object to a subprocessor change');
    const objectLink = /https?:\/\/\S+\/subprocessor-notices\/\S+\?token=\S+/.exec(linkMail.text)?.[0];
    await page.goto(objectLink!);
    await page.getByText(`Objecting as:`).waitFor();
    await page.getByLabel('Added Journey Analytics (Product analytics, Canada)').check();
    await page.getByLabel('Why (optional)').fill('Our data must not leave the EU.');
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await shot(page, 'subprocessor-notice-object-390.png');
    await page.getByRole('button', { name: 'Object to this change' }).click();
    await page.getByText('Your objection is recorded.').waitFor();
    await page.getByText('You objected to:').waitFor();

    // Staff see the objection under its change and answer it; the answer reaches the subscriber.
    await staff.reload();
    const objection = staff.getByTestId('objection').filter({ hasText: dpo });
    await objection.getByText('Our data must not leave the EU.').waitFor();
    await objection
      .getByLabel(`Answer ${dpo}`)
      .fill('Journey Analytics keeps EU customers’ data in Frankfurt.');
    await objection.getByRole('button', { name: 'Send answer' }).click();
    await objection.getByText('Answered:').waitFor();
    await settle(staff);
    await shot(staff, 'subprocessor-notice-objections-1280.png');
    const answer = await waitForMail(dpo, 'answered your objection');
    expect(answer.text).toContain('Journey Analytics keeps EU customers’ data in Frankfurt.');
    const csvHref = await staff.getByRole('link', { name: 'Export CSV' }).first().getAttribute('href');
    const csv = await staff.request.get(`${journey.baseUrl}${csvHref}`);
    expect(await csv.text()).toContain(`"${dpo}","mailed_link"`);

    expect(problems).toEqual([]);
    expect(staffProblems).toEqual([]);
    await visitor.close();
    await staffContext.close();
  });

  it('a Slack channel subscribes from the popover, is confirmed from the message posted to it and receives the next update', {
    timeout: 180_000,
  }, async () => {
    // The channel's incoming webhook: a local HTTP sink that records every post.
    const posts: Array<{ text: string }> = [];
    const sink = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        posts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/services/T01/B02/journey`;
    try {
      const visitor = await journey.newContext(390);
      const page = await visitor.newPage();
      const problems = watchForErrors(page);
      await page.goto(`${journey.baseUrl}/acme`);
      await dismissWelcome(page);
      await page.getByTestId('updates-card').getByTestId('subscribe-button').click();
      await page.getByRole('link', { name: 'post them to a Slack or Teams channel' }).click();
      await page.getByRole('heading', { name: 'Post updates to a chat channel' }).waitFor();
      await page.getByLabel('Slack (or Mattermost, Rocket.Chat)').check();
      await page.getByLabel('Incoming-webhook address').fill(sinkUrl);
      await page.getByLabel('General', { exact: true }).uncheck();
      await settle(page);
      await expectNoSeriousAccessibilityViolations(page);
      await shot(page, 'channel-subscribe-390.png');
      await page.getByRole('button', { name: 'Send a confirmation to the channel' }).click();
      await page.getByText('We posted a message with a confirmation link to the channel').waitFor();

      // Someone in the channel opens the link in the message and confirms.
      await expect.poll(() => posts.length, { timeout: 60_000, interval: 250 }).toBe(1);
      const confirmLink = /<(https?:\/\/[^|>]+\/subscription\/channel\/confirm\?token=[^|>]+)\|Confirm>/.exec(
        posts[0]!.text,
      )?.[1];
      expect(confirmLink).toBeDefined();
      await page.goto(confirmLink!);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('The channel will receive these updates.').waitFor();
      expect(await page.getByText('Compliance · Vulnerabilities · Incidents · Subprocessors').count()).toBe(
        1,
      );
      await expectNoSeriousAccessibilityViolations(page);
      await shot(page, 'channel-confirmed-390.png');

      // Staff publish; the channel gets the update with a link to change what it receives.
      const staffContext = await journey.newContext(1280);
      const staff = await staffContext.newPage();
      const staffProblems = watchForErrors(staff);
      await signInAsStaff(staff, journey.baseUrl);
      await staff.goto(`${journey.baseUrl}/console/updates`);
      await staff.getByRole('heading', { name: 'Updates', level: 1 }).waitFor();
      await publishFromConsole(staff, 'Journey: ISO 27001 surveillance audit passed', 'No nonconformities.');
      await expect.poll(() => posts.length, { timeout: 60_000, interval: 250 }).toBe(2);
      expect(posts[1]!.text).toContain('*Journey: ISO 27001 surveillance audit passed*');
      expect(posts[1]!.text).toContain('|Change what this channel receives, or stop>');

      await staff.goto(`${journey.baseUrl}/console/subscribers`);
      const row = staff.getByTestId('channel-row');
      await row.getByText('Receiving').waitFor();
      await row.scrollIntoViewIfNeeded();
      await settle(staff);
      await shot(staff, 'channel-console-1280.png');
      expect(problems).toEqual([]);
      expect(staffProblems).toEqual([]);
      await visitor.close();
      await staffContext.close();
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});
