import { z } from 'zod';
import { limits } from '../../../shared/limits';
import type { Context } from '../../context';
import { type MailboxMessage, toMailboxMessage } from './mailbox-message';
import { listDevMailboxMessages } from './queries';

export const ListMailboxMessagesInput = z.object({
  to: z.string().trim().min(1).max(limits.emailMaxLength).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListMailboxMessagesInput = z.input<typeof ListMailboxMessagesInput>;

/** What the dev mailbox received, newest first; `to` keeps one recipient's mail (any letter case). */
export async function listMailboxMessages({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'>;
  input: ListMailboxMessagesInput;
}): Promise<MailboxMessage[]> {
  const filter = ListMailboxMessagesInput.parse(input);
  const rows = await listDevMailboxMessages(ctx.db, filter);
  return rows.map(toMailboxMessage);
}
