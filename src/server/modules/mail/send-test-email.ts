import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { auditLog } from '../../db/schema';
import { canUseConsole } from '../../policy';
import { escapeHtml } from './mailbox-page';
import { queueMail } from './queue-mail';

export const TestEmailQueued = z.object({ outboxMessageId: z.uuid() });
export type TestEmailQueued = z.infer<typeof TestEmailQueued>;

/** Queues a test e-mail to the signed-in staff member, so a self-hoster can check mail delivery. */
export async function sendTestEmail({ ctx }: { ctx: Context }): Promise<TestEmailQueued> {
  const { viewer } = ctx;
  const staff = viewer.staff;
  if (!staff || !canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
  const organisationName = viewer.organisation.name.replace(/\s+/g, ' ').trim();
  const lines = [
    `Hello ${staff.name},`,
    `this is a test e-mail from the Attest trust center of ${organisationName}, sent at your request.`,
    'If you can read it, Attest delivers mail to your address.',
    `Sent by ${ctx.config.publicUrl}`,
  ];
  return ctx.db.transaction(async (tx) => {
    const { outboxMessageId } = await queueMail(
      { db: tx, providers: ctx.providers, config: ctx.config },
      {
        to: staff.email,
        organisationId: viewer.organisation.id,
        subject: `Test e-mail from ${organisationName}'s trust center`,
        text: `${lines[0]}\n\n${lines[1]}\n${lines[2]}\n\n${lines[3]}\n`,
        html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      },
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
