import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAccessibilityViolations,
  screenshots,
  settle,
  signInAsStaff,
  useJourneyHarness,
  watchForErrors,
} from './support/journey-harness';
import { type Requester, requestAccessThroughPortal } from './support/visitors';

const journey = useJourneyHarness({ dataDirectoryPrefix: 'attest-e2e-access-console-' });

const requestAccess = (person: Requester) => requestAccessThroughPortal(journey.baseUrl, person);

async function shoot(page: Page, name: string, fullPage = false) {
  await settle(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}-1280.png`), fullPage });
}

describe('access console', () => {
  it('reviews requests, manages accounts and profiles, and edits the access settings', async () => {
    expect(
      await requestAccess({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@customer.example',
        companyName: 'Customer Ltd',
      }),
    ).toEqual(expect.objectContaining({ outcome: 'pending' }));
    await requestAccess({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.example',
      companyName: 'Navy Systems',
    });
    await requestAccess({
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@bletchley.example',
      companyName: 'Bletchley Park',
    });

    const context = await journey.newContext(1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInAsStaff(page, journey.baseUrl);

    await page.getByRole('link', { name: /Access requests/ }).click();
    await page.getByRole('heading', { name: 'Access requests' }).waitFor();
    // The demo organisation has requests of its own waiting; ours are three more.
    const rows = page.getByTestId('access-request-row');
    await page.getByRole('button', { name: 'Approve Alan Turing' }).waitFor();
    const pending = await rows.count();
    expect(pending).toBeGreaterThanOrEqual(3);
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByText(`${pending} pending`).count()).toBe(1);
    await shoot(page, 'access-requests');

    await page.getByRole('button', { name: 'Approve Ada Lovelace' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve access request' });
    await approve.waitFor();
    await approve.getByLabel('Access duration (days)').fill('400');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.getByText('Enter a whole number of days from 1 to 365.').waitFor();
    await approve.getByLabel('Access duration (days)').fill('60');
    await shoot(page, 'access-approve-dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(pending - 1);

    await page.getByRole('button', { name: 'Decline Grace Hopper' }).click();
    const decline = page.getByRole('dialog', { name: 'Decline access request' });
    await decline.getByLabel('Reason (optional)').fill('We only share these documents with customers.');
    await shoot(page, 'access-decline-dialog');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await decline.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(pending - 2);
    expect(await nav.getByText(`${pending - 2} pending`).count()).toBe(1);

    await page.getByRole('link', { name: /^Declined \d+$/ }).click();
    await page.getByText(/We only share these documents with customers/).waitFor();
    await shoot(page, 'access-requests-decided');

    await page.getByRole('link', { name: 'Accounts', exact: true }).click();
    await page.getByRole('heading', { name: 'Accounts' }).waitFor();
    await page.getByRole('link', { name: 'Customer Ltd' }).waitFor();
    await shoot(page, 'accounts');

    await page.getByRole('link', { name: 'Customer Ltd' }).click();
    await page.getByRole('heading', { name: 'Customer Ltd' }).waitFor();
    const preview = page.getByRole('link', { name: 'Preview as this account' });
    expect(await preview.getAttribute('href')).toMatch(/^\/acme\?accountId=[0-9a-f-]{36}$/);
    await shoot(page, 'account-detail');

    await page.getByRole('link', { name: 'Permission profiles' }).click();
    await page.getByRole('heading', { name: 'Permission profiles' }).waitFor();
    await page.getByTestId('profile-row').first().waitFor();
    await shoot(page, 'permission-profiles');
    await page.getByRole('button', { name: 'New profile' }).click();
    const editor = page.getByRole('dialog', { name: 'New permission profile' });
    await editor.getByLabel('Profile name').waitFor();
    await editor.getByLabel('Profile name').fill('Due diligence');
    await editor.getByTestId('profile-item').first().check();
    await shoot(page, 'permission-profile-editor');
    await editor.getByRole('button', { name: 'Create profile' }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Due diligence', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Access settings' }).click();
    await page.getByRole('heading', { name: 'Access settings' }).waitFor();
    await page.getByRole('button', { name: 'Add domain rule' }).click();
    await page.getByTestId('domain-rule').last().getByRole('textbox').fill('supplier.example');
    await page.getByRole('button', { name: 'Save access settings' }).click();
    await page.getByText('Access settings saved').waitFor();
    await shoot(page, 'access-settings', true);

    expect(problems).toEqual([]);
    await context.close();
  });
});
