import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminEmail,
  adminPassword,
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';

// Passkeys are scoped to a domain name: this journey's console is on localhost, not 127.0.0.1.
const journey = useJourneyHarness({
  dataDirectoryPrefix: 'attest-e2e-staff-security-',
  publicHost: 'localhost',
});

/** The code an authenticator app shows `stepsAhead` 30-second steps from now (the server allows one). */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

describe('staff sign-in security', () => {
  it('adds an authenticator app, signs in with its code on a phone, ends that session, then adds a passkey and signs in with it', {
    timeout: 180_000,
  }, async () => {
    const desktop = await journey.newContext(1280);
    const page = await desktop.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);
    await page.getByRole('link', { name: 'Sign-in security' }).click();
    await page.getByRole('heading', { name: 'Sign-in security', level: 1 }).waitFor();
    await page.getByText('No authenticator yet').waitFor();

    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    await page.getByLabel('Name').fill('Work phone');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('totp-qr-code').waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replaceAll(' ', '');
    await page.getByLabel('Authentication code').fill('000000' === codeFor(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('That code is not right.').waitFor();
    await shoot(page, 'staff-security-enrol-1280');

    await page.getByLabel('Authentication code').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await codes.locator('li').count()).toBe(10);
    await page.getByTestId('second-factor').getByRole('button', { name: 'Remove Work phone' }).waitFor();
    await shoot(page, 'staff-security-recovery-codes-1280');
    await page.getByRole('button', { name: 'I saved them' }).click();
    expect(await page.getByTestId('recovery-codes-left').textContent()).toBe('10 of 10 recovery codes left');

    // On a phone: the password, then the code of the next step (the last one was just used).
    const phone = await journey.newContext(390);
    const phonePage = await phone.newPage();
    const phoneProblems = watchForErrors(phonePage);
    await phonePage.goto(`${journey.baseUrl}/console`);
    await phonePage.getByLabel('E-mail address').fill(adminEmail);
    await phonePage.getByLabel('Password').fill(adminPassword);
    await phonePage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await phonePage.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await shoot(phonePage, 'staff-security-sign-in-code-390');
    await phonePage.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await phonePage.getByRole('button', { name: 'Verify' }).click();
    await phonePage.getByRole('heading', { name: 'Overview' }).waitFor();

    await phonePage.goto(`${journey.baseUrl}/console/security`);
    const sessions = phonePage.getByTestId('staff-session');
    await expect.poll(() => sessions.count()).toBe(2);
    await phonePage.getByText('This browser').waitFor();
    await shoot(phonePage, 'staff-security-sessions-390');

    // The desktop ends the phone's session; the phone is signed out at its next request.
    await page.reload();
    const phoneRow = page.getByTestId('staff-session').filter({ hasNotText: 'This browser' });
    await phoneRow.getByRole('button', { name: /^End/ }).click();
    await expect.poll(() => page.getByTestId('staff-session').count()).toBe(1);
    await shoot(page, 'staff-security-sessions-1280');
    await phonePage.reload();
    await phonePage.getByRole('heading', { name: 'Sign in to the console' }).waitFor();

    // A passkey from the browser's own (virtual) authenticator, then signing in with it.
    const devtools = await desktop.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await page.getByLabel('Passkey name').fill('Laptop');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByTestId('second-factor').getByRole('button', { name: 'Remove Laptop' }).waitFor();
    expect(await page.getByTestId('second-factor').count()).toBe(2);
    await shoot(page, 'staff-security-passkey-1280');

    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    await page.getByLabel('E-mail address').fill(adminEmail);
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Confirm it’s you with your passkey.').waitFor();
    await shoot(page, 'staff-security-sign-in-passkey-1280');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    // Signed in where the person signed out: the security page, now listing a passkey sign-in.
    await page.getByRole('heading', { name: 'Sign-in security', level: 1 }).waitFor();
    await page.getByTestId('second-factor').getByRole('button', { name: 'Remove Laptop' }).waitFor();

    // The one wrong code typed on purpose is the only failed request.
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    expect(phoneProblems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await phone.close();
    await desktop.close();
  });
});
