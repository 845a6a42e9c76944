import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { auditLog } from '../../db/schema';
import { canUseConsole } from '../../policy';
import type { MailContent } from './branded/mail-content';
import { queueBrandedMail } from './branded/queue-branded-mail';

export const TestEmailQueued = z.object({ outboxMessageId: z.uuid() });
export type TestEmailQueued = z.infer<typeof TestEmailQueued>;

export function testEmailMail(staffName: string, organisationName: string, publicUrl: string): MailContent {
  return {
    subject: `Test e-mail from ${organisationName}'s trust center`,
    heading: 'Mail delivery works',
    blocks: [
      { kind: 'paragraph', text: `Hello ${staffName},` },
      {
        kind: 'paragraph',
        text: `this is a test e-mail from the Attest trust center of ${organisationName}, sent at your request.`,
      },
      { kind: 'paragraph', text: 'If you can read it, Attest delivers mail to your address.' },
      { kind: 'paragraph', text: `Sent by ${publicUrl}` },
    ],
    reason: 'You receive this because you asked for a test e-mail in the console.',
  };
}

/** Queues a test e-mail to the signed-in staff member, so a self-hoster can check mail delivery. */
export async function sendTestEmail({ ctx }: { ctx: Context }): Promise<TestEmailQueued> {
  const { viewer } = ctx;
  const staff = viewer.staff;
  if (!staff || !canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
  const organisationName = viewer.organisation.name.replace(/\s+/g, ' ').trim();
  return ctx.db.transaction(async (tx) => {
    const { outboxMessageId } = await queueBrandedMail(
      { db: tx, providers: ctx.providers, config: ctx.config },
      viewer.organisation,
      { to: staff.email, content: testEmailMail(staff.name, organisationName, ctx.config.publicUrl) },
    );
    await tx.insert(auditLog).values({
      organisationId: viewer.organisation.id,
      actorStaffUserId: staff.id,
      action: 'mail.test_email_sent',
      target: outboxMessageId,
      data: { to: staff.email },
    });
    return TestEmailQueued.parse({ outboxMessageId });
  });
}
