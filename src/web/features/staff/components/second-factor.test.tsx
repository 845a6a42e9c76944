// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '../../../../shared/staff';
import { staffSecurityMessages } from '../../../../shared/staff-security';
import { apiRequest, setCsrfToken } from '../../../lib/api-client';
import { type Call, fieldError, json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { SecondFactorsPanel, SessionsPanel } from './security-panels';
import { SignInForm } from './sign-in-form';
import { StepUpDialog } from './step-up-dialog';

beforeEach(() => setCsrfToken('csrf'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const session: StaffSession = {
  staff: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ada',
    email: 'ada@acme.example',
    role: 'viewer',
    permissions: ['console:read', 'files:view'],
  },
  organisation: { id: '00000000-0000-4000-8000-000000000002', slug: 'acme', name: 'Acme Cloud' },
  csrfToken: 'csrf-2',
};
const challenge = {
  challenge: 'c'.repeat(43),
  methods: ['totp', 'recovery_code'],
  expiresAt: '2026-11-29T12:00:00Z',
};
const enrolment = {
  factorId: '00000000-0000-4000-8000-000000000003',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Acme:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

const input = (label: string) =>
  [...document.querySelectorAll('label')].find((element) => element.textContent === label)?.control as
    | HTMLInputElement
    | undefined;

async function signInWithPassword() {
  await typeInto(input('E-mail address'), 'ada@acme.example');
  await typeInto(input('Password'), 'correct horse battery staple');
  await click(byText('button', 'Sign in')[0]);
}

describe('signing in with a second factor', () => {
  it('asks for the code after the password, shows a wrong code, and offers a recovery code', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/auth/sign-in') return json({ secondFactor: { ...challenge, step: 'verify' } });
      if (call.url === '/api/auth/sign-in/second-factor') {
        const { proof } = call.body as { proof: { method: string; code: string } };
        if (proof.code === '123456') return json(session);
        return fieldError({ 'proof.code': staffSecurityMessages.wrongCode }, staffSecurityMessages.wrongCode);
      }
      return undefined;
    });
    rendered = await renderInDom(<SignInForm />);
    await signInWithPassword();
    await waitFor(() => document.querySelector('[data-testid="sign-in-second-step"]'));
    expect(document.body.textContent).toContain('Enter the code from your authenticator app.');

    await typeInto(input('Authentication code'), '12 34');
    await click(byText('button', 'Verify')[0]);
    expect(document.body.textContent).toContain(staffSecurityMessages.enterCode);
    expect(writes(calls)).toHaveLength(1);

    await typeInto(input('Authentication code'), '654 321');
    await click(byText('button', 'Verify')[0]);
    await waitFor(() => document.body.textContent?.includes(staffSecurityMessages.wrongCode));
    expect(writes(calls)[1]!.body).toEqual({
      challenge: challenge.challenge,
      proof: { method: 'totp', code: '654321' },
    });

    await click(byText('button', 'Use a recovery code')[0]);
    await typeInto(input('Recovery code'), 'abcd efgh ijkl');
    await click(byText('button', 'Verify')[0]);
    await waitFor(() => writes(calls).length === 3);
    expect(writes(calls)[2]!.body).toMatchObject({
      proof: { method: 'recovery_code', code: 'ABCDEFGHIJKL' },
    });
  });

  it('sets up an authenticator when the organisation requires one, then shows the recovery codes before the console', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `AAAA-BBBB-CC${String.fromCharCode(65 + index)}A`);
    stubFetch((call) => {
      if (call.url === '/api/auth/sign-in')
        return json({ secondFactor: { ...challenge, step: 'enrol', methods: ['totp'] } });
      if (call.url === '/api/auth/sign-in/enrolment') return json(enrolment);
      if (call.url === '/api/auth/sign-in/second-factor') return json({ ...session, recoveryCodes: codes });
      return undefined;
    });
    rendered = await renderInDom(<SignInForm />);
    await signInWithPassword();
    await waitFor(() => document.querySelector('[data-testid="totp-qr-code"]'));
    expect(document.querySelector('[data-testid="totp-secret"]')?.textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(byText('button', 'Use a recovery code')).toHaveLength(0);
    await typeInto(input('Authentication code'), '123456');
    await click(byText('button', 'Turn on and sign in')[0]);
    await waitFor(() => document.querySelector('[data-testid="recovery-codes"]'));
    expect(document.querySelectorAll('[data-testid="recovery-codes"] li')).toHaveLength(10);
    expect(byText('button', 'I saved them, continue')).toHaveLength(1);
  });
});

describe('step-up', () => {
  it('asks for the code when a change answers step_up_required, then retries it once', async () => {
    let proven = false;
    const calls = stubFetch((call: Call) => {
      if (call.url === '/api/staff/sign-in-policy') {
        if (!proven)
          return json(
            { error: { code: 'step_up_required', message: staffSecurityMessages.stepUpRequired } },
            403,
          );
        return json({ requireMfa: true, staffWithoutSecondFactor: 0 });
      }
      if (call.url === '/api/auth/step-up') {
        proven = true;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    rendered = await renderInDom(<StepUpDialog />);
    const change = apiRequest('/api/staff/sign-in-policy', { method: 'PUT', body: { requireMfa: true } });
    await waitFor(() => document.body.textContent?.includes('Confirm it’s you'));
    expect(document.body.textContent).toContain(staffSecurityMessages.stepUpRequired);
    await typeInto(input('Authentication code'), '123456');
    await click(byText('button', 'Confirm')[0]);
    expect(await change).toEqual({ requireMfa: true, staffWithoutSecondFactor: 0 });
    expect(writes(calls).map((call) => call.url)).toEqual([
      '/api/staff/sign-in-policy',
      '/api/auth/step-up',
      '/api/staff/sign-in-policy',
    ]);
  });

  it('fails the change when the person cancels', async () => {
    stubFetch(() =>
      json({ error: { code: 'step_up_required', message: staffSecurityMessages.stepUpRequired } }, 403),
    );
    rendered = await renderInDom(<StepUpDialog />);
    const outcome = apiRequest('/api/auth/recovery-codes', { method: 'POST' }).catch(
      (error: unknown) => error,
    );
    await waitFor(() => byText('button', 'Cancel')[0]);
    await click(byText('button', 'Cancel')[0]);
    expect(await outcome).toMatchObject({ code: 'step_up_required' });
  });
});

describe('the sign-in security page', () => {
  it('adds an authenticator, shows the recovery codes once, and lists sessions with this browser marked', async () => {
    let factors: unknown[] = [];
    const calls = stubFetch((call) => {
      if (call.url === '/api/auth/second-factors')
        return json({
          factors,
          recoveryCodesLeft: factors.length ? 10 : 0,
          isRequired: false,
          passkeysAvailable: false,
        });
      if (call.url === '/api/auth/second-factors/totp') return json(enrolment);
      if (call.url.endsWith('/confirm')) {
        const factor = {
          id: enrolment.factorId,
          kind: 'totp',
          name: 'Phone',
          createdAt: '2026-11-29T10:00:00Z',
          lastUsedAt: null,
        };
        factors = [factor];
        return json({
          factor,
          recoveryCodes: Array.from({ length: 10 }, (_, index) => `CODE-CODE-COD${index}`),
        });
      }
      if (call.url === '/api/auth/sessions') {
        return json({
          sessions: [
            {
              id: '00000000-0000-4000-8000-00000000000a',
              browser: 'Chrome on Linux',
              ipAddress: '127.0.0.1',
              signedInAt: '2026-11-29T10:00:00Z',
              lastSeenAt: '2026-11-29T10:05:00Z',
              withSecondFactor: true,
              isCurrent: true,
            },
            {
              id: '00000000-0000-4000-8000-00000000000b',
              browser: 'Safari on iOS',
              ipAddress: '203.0.113.9',
              signedInAt: '2026-11-28T10:00:00Z',
              lastSeenAt: '2026-11-28T11:00:00Z',
              withSecondFactor: false,
              isCurrent: false,
            },
          ],
        });
      }
      if (call.url.startsWith('/api/auth/sessions/') && call.method === 'DELETE')
        return new Response(null, { status: 204 });
      return undefined;
    });
    rendered = await renderInDom(
      <>
        <SecondFactorsPanel />
        <SessionsPanel />
      </>,
    );
    await waitFor(() => document.body.textContent?.includes('No authenticator yet'));
    await click(byText('button', 'Add authenticator app')[0]);
    await click(byText('button', 'Continue')[0]);
    await waitFor(() => document.querySelector('[data-testid="add-authenticator"]'));
    await typeInto(input('Authentication code'), '123456');
    await click(byText('button', 'Turn on')[0]);
    await waitFor(() => document.querySelector('[data-testid="recovery-codes"]'));
    await waitFor(() => document.querySelector('[data-testid="second-factor"]'));
    expect(document.querySelector('[data-testid="recovery-codes-left"]')?.textContent).toBe(
      '10 of 10 recovery codes left',
    );
    await click(byText('button', 'I saved them')[0]);
    expect(document.querySelector('[data-testid="recovery-codes"]')).toBeNull();

    const rows = await waitFor(() => {
      const found = document.querySelectorAll('[data-testid="staff-session"]');
      return found.length === 2 ? found : null;
    });
    expect(rows[0]!.textContent).toContain('This browser');
    expect(rows[0]!.textContent).toContain('Sign out');
    await click(rows[1]!.querySelector('button'));
    await waitFor(() => writes(calls).some((call) => call.method === 'DELETE'));
    expect(writes(calls).find((call) => call.method === 'DELETE')?.url).toBe(
      '/api/auth/sessions/00000000-0000-4000-8000-00000000000b',
    );
  });
});
