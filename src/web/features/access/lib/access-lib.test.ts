import { describe, expect, it } from 'vitest';
import { accessMessages, LoginOutcome, RequestOutcome } from '../../../../shared/access';
import { englishTranslator as english } from '../../../lib/test-support/english-translator';
import { fileNameFromDisposition } from '../api/member-api';
import { ndaDownloadFailedText } from '../components/account-menu';
import { loginOutcomeAction, requestOutcomeAction } from './access-outcomes';
import { byoidLocation, readAccessQuery } from './access-query';
import { accessTextsFor } from './access-texts';
import { countryOptions } from './country-options';
import { addEmailTokens, invitePayload, isValidEmail, tokenKeys } from './invite-emails';
import { reviewStatusLabel } from './review-status';

const tooMany = accessTextsFor(english).inviteTooMany;

describe('readAccessQuery', () => {
  it('opens the login tab for loginRequest=true and the request tab for requestAccess=true', () => {
    expect(readAccessQuery('?loginRequest=true&source=header').tab).toBe('reclaim-access');
    expect(readAccessQuery('?requestAccess=true&source=banner')).toMatchObject({
      tab: 'request-access',
      source: 'banner',
    });
    expect(readAccessQuery('?loginRequest=false').tab).toBeNull();
    expect(readAccessQuery('').tab).toBeNull();
  });

  it('keeps a well-formed itemUid, drops a malformed one, and reads the invite parameters', () => {
    const uid = '66666666-6666-4666-8666-666666666666';
    expect(readAccessQuery(`?itemUid=${uid}&itemKind=policies`)).toMatchObject({
      itemUid: uid,
      itemKind: 'policies',
    });
    expect(readAccessQuery('?itemUid=not-an-id').itemUid).toBeNull();
    expect(readAccessQuery('?inviteToken=a.b.c&inviteColleagues=true')).toMatchObject({
      inviteToken: 'a.b.c',
      isInviteColleaguesRequested: true,
    });
    expect(readAccessQuery('?inviteColleagues=false').isInviteColleaguesRequested).toBe(false);
  });
});

describe('byoidLocation (spec 1 §2)', () => {
  const at = (pathname: string, search: string) => ({ pathname, search });
  it('sends a public page with a byoid token to the byoid welcome path, carrying the token', () => {
    expect(byoidLocation('public', '/acme', at('/acme', '?byoidJwt=abc.def'))).toBe(
      '/acme/byoid?byoidJwt=abc.def',
    );
    expect(byoidLocation('public', '', at('/', '?byoidJwt=t'))).toBe('/byoid?byoidJwt=t');
  });
  it('stays when the path has the byoid segment, without a token, or outside Public mode', () => {
    expect(byoidLocation('public', '/acme', at('/acme/byoid', '?byoidJwt=t'))).toBeNull();
    expect(byoidLocation('public', '/acme', at('/acme', ''))).toBeNull();
    expect(byoidLocation('account_external', '/acme', at('/acme', '?byoidJwt=t'))).toBeNull();
    expect(byoidLocation('main', '/acme', at('/acme', '?byoidJwt=t'))).toBeNull();
  });
});

describe('login outcomes (spec 3 §4)', () => {
  it('maps every outcome', () => {
    const mapped = Object.fromEntries(
      LoginOutcome.options.map((outcome) => [outcome, loginOutcomeAction(outcome)]),
    );
    expect(mapped).toEqual({
      check_email: { kind: 'success', dialog: 'check-email' },
      access_expired: { kind: 'failure', dialog: 'access-expired' },
      pending_request: { kind: 'failure', dialog: 'pending' },
      request_declined: { kind: 'failure', dialog: 'declined' },
      request_declined_third_party: { kind: 'failure', dialog: 'declined-third-party' },
      request_access_auto_declined: { kind: 'failure', dialog: 'declined' },
      request_declined_blocked_domain: { kind: 'request-tab' },
      email_not_recognised: { kind: 'request-tab' },
      not_work_email: { kind: 'field-error' },
    });
  });
});

describe('request outcomes (spec 3 §4)', () => {
  it('maps every outcome', () => {
    const mapped = Object.fromEntries(
      RequestOutcome.options.map((outcome) => [outcome, requestOutcomeAction(outcome)]),
    );
    expect(mapped).toEqual({
      pending: { kind: 'success', dialog: 'request-sent' },
      auto_approved: { kind: 'success', dialog: 'auto-approved' },
      account_already_exists: { kind: 'success', dialog: 'account-exists' },
      access_expired: { kind: 'failure', dialog: 'access-expired' },
      pending_request: { kind: 'failure', dialog: 'pending' },
      request_declined: { kind: 'failure', dialog: 'declined' },
      request_declined_third_party: { kind: 'failure', dialog: 'declined-third-party' },
      request_access_auto_declined: { kind: 'failure', dialog: 'declined' },
      request_declined_blocked_domain: { kind: 'failure', dialog: 'declined' },
      request_approved: { kind: 'success', dialog: null },
      not_work_email: { kind: 'field-error' },
      unique_violation: { kind: 'unknown-error' },
    });
  });
});

describe('invite e-mail tokens (spec 3 §5)', () => {
  it('confirms on Enter, Space, Tab and Comma', () => {
    expect([...tokenKeys].sort()).toEqual([' ', ',', 'Enter', 'Tab'].sort());
  });

  it('adds valid addresses lowercased, and names an invalid or repeated one', () => {
    expect(addEmailTokens([], 'Grace@Navy.example', tooMany)).toEqual({
      emails: ['grace@navy.example'],
      error: null,
      rest: '',
    });
    expect(addEmailTokens([], 'not-an-email', tooMany)).toEqual({
      emails: [],
      error: '"not-an-email" is not a valid email',
      rest: 'not-an-email',
    });
    expect(addEmailTokens(['grace@navy.example'], 'GRACE@navy.example', tooMany)).toEqual({
      emails: ['grace@navy.example'],
      error: '"GRACE@navy.example" has already been added',
      rest: 'GRACE@navy.example',
    });
  });

  it('splits a pasted list and stops at the first bad entry', () => {
    expect(addEmailTokens([], 'a@x.example, b@y.example bad c@z.example', tooMany)).toEqual({
      emails: ['a@x.example', 'b@y.example'],
      error: accessMessages.inviteInvalid('bad'),
      rest: 'bad c@z.example',
    });
  });

  it('accepts what the server accepts', () => {
    expect(isValidEmail('first.last+tag@sub.company.example')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('two@@at.example')).toBe(false);
  });

  it('sends the message trimmed, and leaves it out when empty', () => {
    expect(invitePayload(['a@x.example'], '  Hello  ')).toEqual({
      emails: ['a@x.example'],
      message: 'Hello',
    });
    expect(invitePayload(['a@x.example'], '   ')).toEqual({ emails: ['a@x.example'] });
  });
});

describe('account menu pieces', () => {
  it("shows 'Review {status}' for approved, declined and pending, nothing for other", () => {
    expect(reviewStatusLabel(english, { reviewStatus: 'approved' })).toBe('Review approved');
    expect(reviewStatusLabel(english, { reviewStatus: 'declined' })).toBe('Review declined');
    expect(reviewStatusLabel(english, { reviewStatus: 'pending' })).toBe('Review pending');
    expect(reviewStatusLabel(english, { reviewStatus: 'other' })).toBeNull();
    expect(reviewStatusLabel(english, { reviewStatus: 'approved', isAccessExpired: true })).toBe(
      'Access expired',
    );
  });

  it("keeps the copied NDA failure text equal to the contract's", () => {
    expect(ndaDownloadFailedText).toBe(accessMessages.ndaDownloadFailed);
  });

  it('reads the file name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="nda-acme.pdf"', 'x.pdf')).toBe('nda-acme.pdf');
    expect(
      fileNameFromDisposition('attachment; filename*=UTF-8\'\'NDA%20%C3%A9.pdf; filename="nda.pdf"', 'x.pdf'),
    ).toBe('NDA é.pdf');
    expect(fileNameFromDisposition(null, 'signed-nda.pdf')).toBe('signed-nda.pdf');
  });
});

describe('countries dropdown (spec 3 §3)', () => {
  it('lists about 250 countries, the United States first, then by name', () => {
    const options = countryOptions();
    expect(options.length).toBeGreaterThanOrEqual(240);
    expect(options[0]).toEqual({ code: 'US', name: 'United States' });
    const rest = options.slice(1).map((option) => option.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(options.map((option) => option.code)).size).toBe(options.length);
  });
});
