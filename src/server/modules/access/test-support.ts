import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../test/test-app';
import type { MailboxMessage } from '../mail';

let clientNumber = 0;
/** A distinct client address per call (the test apps trust X-Forwarded-For), so rate limits stay out of the way. */
export const nextClient = () => `198.51.100.${(++clientNumber % 250) + 1}`;

export async function mailsTo(t: TestApp, email: string): Promise<MailboxMessage[]> {
  await t.providers.jobs.drain();
  const response = await t.app.inject({ url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}` });
  return response.json<MailboxMessage[]>();
}

export function linkIn(mail: MailboxMessage): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in the mail');
  return new URL(match[0]);
}

export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  cookies?: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClient() },
    payload: new URLSearchParams(fields).toString(),
    cookies,
  });
}

/** Follows the newest sign-in mail to a session: GET the confirm page, POST its form; the cookies of the session. */
export async function signInFromMail(t: TestApp, email: string): Promise<Record<string, string>> {
  const [newest] = (await mailsTo(t, email))
    .filter((mail) => mail.text.includes('/sign-in?token='))
    .sort((a, b) => b.date.localeCompare(a.date));
  if (!newest) throw new Error(`no sign-in mail to ${email}`);
  const link = linkIn(newest);
  const token = link.searchParams.get('token')!;
  const response = await postForm(t.app, link.pathname, { token });
  if (response.statusCode !== 303) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0]!;
  return { [cookie.name]: cookie.value };
}
