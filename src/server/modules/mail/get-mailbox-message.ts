import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Context } from '../../context';
import { type MailboxMessage, toMailboxMessage } from './mailbox-message';
import { findDevMailboxMessage } from './queries';

export const GetMailboxMessageInput = z.object({ id: z.uuid() });

export async function getMailboxMessage({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'>;
  input: z.input<typeof GetMailboxMessageInput>;
}): Promise<MailboxMessage> {
  const { id } = GetMailboxMessageInput.parse(input);
  const row = await findDevMailboxMessage(ctx.db, id);
  if (!row) throw new AppError('not_found', 'This message is not in the dev mailbox.');
  return toMailboxMessage(row);
}
