import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-data-' });

type MailboxMessage = { subject: string; text: string; headers: Record<string, string> };

/** The mail arrives once the delivery job has run; the mailbox is polled until it is there. */
async function waitForMail(to: string): Promise<MailboxMessage> {
  let mail: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${journey.baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
        [mail] = (await response.json()) as MailboxMessage[];
        return Boolean(mail);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return mail!;
}

describe('subscribing to updates', () => {
  it('subscribes, confirms from the e-mail, then unsubscribes from the link, with no serious a11y issue', async () => {
    const email = 'visitor@customer.example';
    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);

    // ?subscribe=true opens the popover once the welcome modal is dismissed; closing drops the parameter.
    await page.goto(`${journey.baseUrl}/acme?subscribe=true`);
    await page.getByRole('button', { name: "Let's Go" }).click();
    const popover = page.getByRole('dialog', { name: 'Acme Cloud updates' });
    await popover.waitFor();
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
    await page.waitForURL(`${journey.baseUrl}/acme`);

    await page.getByTestId('subscribe-button').first().click();
    await popover.waitFor();
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'subscribe-popover-1280.png') });
    await popover.getByRole('button', { name: 'Subscribe' }).click();
    expect(await popover.getByRole('alert').textContent()).toBe('Enter your e-mail address.');
    await popover.getByLabel('E-mail address').fill(` ${email.toUpperCase()} `);
    await popover.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please check your email inbox to confirm your subscription').waitFor();
    await popover.waitFor({ state: 'hidden' });

    const mail = await waitForMail(email);
    const confirmLink = mail.text.match(/https?:\/\/\S+\/subscribe\/confirm\?token=\S+/)?.[0];
    expect(confirmLink).toBeDefined();
    await page.goto(confirmLink!);
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL(/\/acme\?subscribeStatus=Confirmed$/);
    const confirmed = page.getByRole('dialog', { name: 'Subscription confirmed' });
    await confirmed.waitFor();
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'subscribe-confirmed-1280.png') });
    await confirmed.getByRole('button', { name: 'Done' }).click();
    await confirmed.waitFor({ state: 'hidden' });
    await page.waitForURL(`${journey.baseUrl}/acme`);

    // The update mails carry the same token in their unsubscribe link to the portal.
    const unsubscribeUrl = new URL(mail.headers['List-Unsubscribe']!.slice(1, -1));
    const token = unsubscribeUrl.searchParams.get('token')!;
    await page.goto(`${journey.baseUrl}/acme?unsubscribeToken=${token}`);
    const unsubscribe = page.getByRole('dialog', { name: 'Unsubscribe from Acme Cloud updates?' });
    await unsubscribe.waitFor();
    expect(await unsubscribe.textContent()).toContain(email);
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You have been unsubscribed to updates').waitFor();
    await unsubscribe.waitFor({ state: 'hidden' });
    await page.waitForURL(`${journey.baseUrl}/acme`);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows Subscription failed with Try again for an expired or tampered link, at 390 px', async () => {
    const context = await journey.newContext(390);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${journey.baseUrl}/acme/subscribe/confirm?token=tampered.token.value`);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL(/\/acme\?subscribeStatus=TokenInvalid$/);
    await page.getByRole('button', { name: "Let's Go" }).click();
    const failed = page.getByRole('dialog', { name: 'Subscription failed' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain(
      'Your subscription link expired. Please try to subscribe again.',
    );
    await settle(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'subscribe-failed-390.png') });
    await failed.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(/\/acme\?subscribe=true$/);
    await page.getByRole('dialog', { name: 'Acme Cloud updates' }).waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(screenshots, 'subscribe-popover-390.png') });
    expect(problems).toEqual([]);
    await context.close();
  });
});
