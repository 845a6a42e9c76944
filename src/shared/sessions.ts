import { z } from 'zod';
import { countOf } from './plural';

/** The answer of every "end sessions" call: how many signed-in sessions were ended. */
export const EndedSessions = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof EndedSessions>;

export function endedSessionsText(ended: number): string {
  if (ended === 0) return 'No sessions were open';
  return `${countOf(ended, 'session')} ended`;
}
