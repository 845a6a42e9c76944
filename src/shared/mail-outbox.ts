import { z } from 'zod';

/**
 * Outgoing mail of one organisation as the console shows it (decision 134): waiting is pending and
 * not tried yet, failed is pending after a refused attempt (it is retried at the next try),
 * quarantined gave up and is retried only by staff.
 */
export const OutboxCounts = z.object({
  sent: z.number().int(),
  waiting: z.number().int(),
  failed: z.number().int(),
  quarantined: z.number().int(),
  /** The earliest time a queued delivery job of these messages runs; null when none is queued. */
  nextTryAt: z.string().nullable(),
  /** The SMTP error of the most recent failure among messages not sent. */
  lastError: z.string().nullable(),
});
export type OutboxCounts = z.infer<typeof OutboxCounts>;

export const OutboxUpdateState = OutboxCounts.extend({
  updateId: z.uuid(),
  topicSubject: z.string(),
  publishedAt: z.string(),
});
export type OutboxUpdateState = z.infer<typeof OutboxUpdateState>;

export const OutboxProblem = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['failed', 'quarantined']),
  attempts: z.number().int(),
  nextTryAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxProblem = z.infer<typeof OutboxProblem>;

export const OutboxState = z.object({
  overall: OutboxCounts,
  updates: z.array(OutboxUpdateState),
  problems: z.array(OutboxProblem),
});
export type OutboxState = z.infer<typeof OutboxState>;

export const OutboxMessageParams = z.object({ messageId: z.uuid() });
export type OutboxMessageParams = z.infer<typeof OutboxMessageParams>;

/** What a retry changed: queued deliveries made due now, quarantined messages queued again. */
export const OutboxRetryResult = z.object({
  madeDue: z.number().int(),
  requeued: z.number().int(),
});
export type OutboxRetryResult = z.infer<typeof OutboxRetryResult>;

export const outboxTexts = {
  notFound: 'No outgoing mail of this organisation has that id.',
  alreadySent: 'This message was already sent; there is nothing to retry.',
} as const;

/** Updates shown with their own counts, newest first. */
export const outboxUpdatesShown = 20;
/** Problem messages listed, most recent first. */
export const outboxProblemsShown = 50;
