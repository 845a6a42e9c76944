import { describe, expect, it } from 'vitest';
import { isPermanentSmtpError } from './smtp';

const smtpError = (fields: { code?: string; responseCode?: number; command?: string }) =>
  Object.assign(new Error('SMTP failure'), fields);

describe('isPermanentSmtpError', () => {
  it('treats a 5xx reply about the sender, a recipient or the content as permanent', () => {
    expect(
      isPermanentSmtpError(smtpError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' })),
    ).toBe(true);
    expect(
      isPermanentSmtpError(smtpError({ code: 'EENVELOPE', responseCode: 553, command: 'MAIL FROM' })),
    ).toBe(true);
    expect(isPermanentSmtpError(smtpError({ code: 'EMESSAGE', responseCode: 554, command: 'DATA' }))).toBe(
      true,
    );
  });

  it('treats a message nodemailer cannot build as permanent', () => {
    expect(isPermanentSmtpError(smtpError({ code: 'EENVELOPE', command: 'API' }))).toBe(true);
    expect(isPermanentSmtpError(smtpError({ code: 'EMESSAGE', command: 'API' }))).toBe(true);
  });

  it('retries 4xx replies, connection failures, timeouts and failed sign-in', () => {
    const temporary = [
      smtpError({ code: 'EENVELOPE', responseCode: 451, command: 'DATA' }),
      smtpError({ code: 'EENVELOPE', responseCode: 452, command: 'RCPT TO' }),
      smtpError({ code: 'EPROTOCOL', responseCode: 421, command: 'CONN' }),
      smtpError({ code: 'ESOCKET' }),
      smtpError({ code: 'ECONNECTION', command: 'CONN' }),
      smtpError({ code: 'ETIMEDOUT', command: 'CONN' }),
      smtpError({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }),
      smtpError({ code: 'EPROTOCOL', responseCode: 554, command: 'CONN' }),
      new Error('anything else'),
      'not even an error',
    ];
    for (const error of temporary) expect(isPermanentSmtpError(error)).toBe(false);
  });
});
