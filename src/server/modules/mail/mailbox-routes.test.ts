import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { MailboxMessage } from './mailbox-message';
import { queueMail } from './queue-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const context = () => ({ db: t.database.db, providers: t.providers, config: t.config });

describe('dev mailbox', () => {
  it('lists delivered mail as JSON, newest first, with the Message-ID it was queued with', async () => {
    const first = await queueMail(context(), {
      to: 'grace@customer.example',
      subject: 'First message',
      text: 'Sign in at https://attest.test/magic?token=abc.',
      html: '<p>Sign in <a href="https://attest.test/magic?token=abc">here</a></p>',
    });
    await t.providers.jobs.drain();
    const second = await queueMail(context(), {
      to: 'Grace@Customer.example',
      subject: 'Second message',
      text: 'Plain only',
    });
    await t.providers.jobs.drain();

    const response = await t.app.inject({ url: '/dev/mailbox/messages?to=grace@customer.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const messages = response.json<MailboxMessage[]>();
    expect(messages.map((message) => message.subject)).toEqual(['Second message', 'First message']);
    expect(messages[1]).toMatchObject({
      messageId: first.messageId,
      to: 'grace@customer.example',
      from: t.config.mailFrom,
      subject: 'First message',
      text: 'Sign in at https://attest.test/magic?token=abc.',
      html: '<p>Sign in <a href="https://attest.test/magic?token=abc">here</a></p>',
    });
    expect(messages[1]?.headers['Message-ID']).toBe(first.messageId);
    expect(messages[0]?.headers['Message-ID']).toBe(second.messageId);
    expect(messages[0]?.html).toBeNull();
    expect(Number.isNaN(Date.parse(messages[0]!.date))).toBe(false);

    const others = await t.app.inject({ url: '/dev/mailbox/messages?to=someone-else@customer.example' });
    expect(others.json()).toEqual([]);
    const everyone = await t.app.inject({ url: '/dev/mailbox/messages' });
    expect(everyone.json<MailboxMessage[]>().length).toBeGreaterThanOrEqual(2);
  });

  it('renders an HTML page listing each message, and a page per message with text and sandboxed HTML', async () => {
    await queueMail(context(), {
      to: 'linus@customer.example',
      subject: 'Your <access> & "documents"',
      text: 'Open https://attest.test/acme/item/soc-2, then reply.',
      html: '<h1>Hi</h1><script>alert(1)</script>',
    });
    await t.providers.jobs.drain();
    const [message] = (await t.app.inject({ url: '/dev/mailbox/messages?to=linus@customer.example' })).json<
      MailboxMessage[]
    >();

    const list = await t.app.inject({ url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(list.body).toContain('<html lang="en">');
    expect(list.body).toContain(`href="/dev/mailbox/${message!.id}"`);
    expect(list.body).toContain('Your &lt;access&gt; &amp; &quot;documents&quot;');
    expect(list.body).toContain('To linus@customer.example');
    expect(list.body).not.toContain('<script');

    const page = await t.app.inject({ url: `/dev/mailbox/${message!.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(message!.messageId.replace('<', '&lt;').replace('>', '&gt;'));
    expect(page.body).toContain(
      '<a href="https://attest.test/acme/item/soc-2" rel="noreferrer">https://attest.test/acme/item/soc-2</a>, then reply.',
    );
    expect(page.body).toContain(
      'sandbox="" referrerpolicy="no-referrer" title="HTML version of the message" srcdoc="&lt;h1&gt;Hi&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(page.body).not.toContain('<script');

    const missing = await t.app.inject({ url: '/dev/mailbox/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/mailbox/not-a-uuid' })).statusCode).toBe(400);
  });

  it('filters the HTML page by recipient and says so when nothing matches', async () => {
    await queueMail(context(), { to: 'margaret@customer.example', subject: 'For Margaret', text: 'Hi' });
    await t.providers.jobs.drain();

    const filtered = await t.app.inject({ url: '/dev/mailbox?to=margaret@customer.example' });
    expect(filtered.body).toContain('For Margaret');
    expect(filtered.body).toContain('Showing mail to margaret@customer.example.');

    const empty = await t.app.inject({ url: '/dev/mailbox?to=<b>nobody</b>@customer.example' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).not.toContain('For Margaret');
    expect(empty.body).toContain('No messages to &lt;b&gt;nobody&lt;/b&gt;@customer.example.');
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/messages', `/dev/mailbox/${crypto.randomUUID()}`]) {
        const response = await production.app.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Dev mailbox');
      }
    } finally {
      await production.close();
    }
  });

  it('answers only to a direct loopback connection: not to other addresses, not through a proxy', async () => {
    await queueMail(context(), { to: 'ada@customer.example', subject: 'Sign-in link for Ada', text: 'x' });
    await t.providers.jobs.drain();
    const mailboxUrls = ['/dev/mailbox', '/dev/mailbox/messages', `/dev/mailbox/${crypto.randomUUID()}`];
    const strangers = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '192.168.1.20' },
      { remoteAddress: '::ffff:10.0.0.5' },
      // A proxy on this machine connects from loopback for anyone; its forwarding headers give it away.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '::1', headers: { forwarded: 'for=203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.7' } },
      // DNS rebinding: a page of another site whose host name now points at 127.0.0.1.
      { remoteAddress: '127.0.0.1', headers: { host: 'attacker.example:3000' } },
      { remoteAddress: '::1', headers: { host: 'rebind.attacker.example' } },
      { remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1.attacker.example' } },
    ];
    for (const url of mailboxUrls) {
      for (const stranger of strangers) {
        const response = await t.app.inject({ url, ...stranger });
        expect(response.statusCode, `${url} from ${JSON.stringify(stranger)}`).toBe(403);
        expect(response.json().error.message).toContain('only to a browser on the machine that runs Attest');
        expect(response.body).not.toContain('Ada');
      }
    }

    // Even when X-Forwarded-For is trusted, it cannot make a stranger look local.
    const behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const spoofed = await behindProxy.app.inject({
        url: '/dev/mailbox/messages',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode).toBe(403);
    } finally {
      await behindProxy.close();
    }

    // A real connection over loopback, as the demo's browser and the journeys make, still reads it.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const local = await fetch(`${address}/dev/mailbox/messages?to=ada@customer.example`);
    expect(local.status).toBe(200);
    const port = new URL(address).port;
    for (const host of [`localhost:${port}`, `demo.localhost:${port}`, `127.0.0.1:${port}`]) {
      const named = await t.app.inject({
        url: '/dev/mailbox/messages',
        remoteAddress: '127.0.0.1',
        headers: { host },
      });
      expect(named.statusCode, host).toBe(200);
    }
    expect((await local.json()).map((message: MailboxMessage) => message.subject)).toEqual([
      'Sign-in link for Ada',
    ]);
  });
});
