import { type MailContext, queueMail } from '../queue-mail';
import { type BrandedOrganisation, mailBrand, mailSender } from './mail-brand';
import type { MailContent } from './mail-content';
import { renderBrandedMail } from './render-branded-mail';

/** Renders a mail in the organisation's layout (HTML and plain text) and queues it in the outbox. */
export async function queueBrandedMail(
  ctx: MailContext,
  organisation: BrandedOrganisation,
  mail: { to: string; content: MailContent; headers?: Record<string, string> },
) {
  const rendered = await renderBrandedMail(mailBrand(ctx.config, organisation), mail.content);
  return queueMail(ctx, {
    to: mail.to,
    organisationId: organisation.id,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: mail.headers ?? {},
    ...mailSender(organisation),
  });
}

/** What a mail to one person needs: the database for the outbox, the public URL, the providers. */
export type AccessMailContext = MailContext;
export type MailOrganisation = BrandedOrganisation;

export async function mailPerson(
  ctx: AccessMailContext,
  organisation: MailOrganisation,
  mail: MailContent & { to: string },
) {
  const { to, ...content } = mail;
  await queueBrandedMail(ctx, organisation, { to, content });
}
