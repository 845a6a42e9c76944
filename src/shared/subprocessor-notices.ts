import { z } from 'zod';
import { formatDate } from './dates';
import { limits } from './limits';

/**
 * Subprocessor change notices (issue 34 §3, GDPR Art. 28(2)): what changed in a product's list since
 * customers were last told, published as a 'subprocessors' update with an effective date, and the
 * objections customers raise until that date.
 *
 *   GET  /api/subprocessor-notices?productId=                 → NoticesOverview (draft + published)
 *   POST /api/subprocessor-notices                            PublishNoticeInput → NoticeView (201)
 *   PUT  /api/subprocessor-notices/settings                   NoticeSettingsInput → NoticeSettings
 *   POST /api/subprocessor-notices/:noticeId/objections/:objectionId/answer  AnswerObjectionInput
 *   GET  /api/subprocessor-notices/:noticeId/export.(csv|json)           the notice and its objections
 *   GET  /:org/subprocessor-notices/:noticeId[?token=]        the objection page (POST to object)
 */

export const noticeLimits = {
  defaultNoticeDays: 30,
  minNoticeDays: 0,
  maxNoticeDays: 365,
  reasonMaxLength: 2000,
  answerMaxLength: 2000,
  introMaxLength: 2000,
} as const;

export const noticeMessages = {
  nothingToAnnounce:
    'The subprocessor list has not changed since the last notice: there is nothing to announce.',
  effectiveInPast: 'The effective date cannot be in the past',
  noticeNotFound: 'Subprocessor notice not found',
  objectionNotFound: 'Objection not found',
  windowClosed: (date: string) => `The objection window closed on ${date}.`,
  chooseChange: 'Choose the change you object to',
  reasonTooLong: `The reason must be at most ${noticeLimits.reasonMaxLength} characters`,
  answerRequired: 'Write an answer',
  answerTooLong: `The answer must be at most ${noticeLimits.answerMaxLength} characters`,
  noticeDaysInvalid: `Notice period must be a whole number of days from ${noticeLimits.minNoticeDays} to ${noticeLimits.maxNoticeDays}`,
  published: 'Subprocessor notice published',
  objected: 'Your objection is recorded. The organisation will answer you by e-mail.',
  linkSent:
    'If this address receives our updates or belongs to a customer account, we sent it a link to object.',
  signInToObject:
    'Customers object as themselves: sign in, or ask for a link to the address that receives our updates.',
  answered: 'Answer sent',
} as const;

export const SubprocessorFacts = z.object({
  company: z.string(),
  purpose: z.string(),
  location: z.string(),
});
export type SubprocessorFacts = z.infer<typeof SubprocessorFacts>;

/** One line of a notice: a subprocessor added, removed, or with a changed purpose or location. */
export const NoticeChange = z.discriminatedUnion('kind', [
  z.object({ key: z.string(), kind: z.literal('added'), after: SubprocessorFacts }),
  z.object({ key: z.string(), kind: z.literal('removed'), before: SubprocessorFacts }),
  z.object({
    key: z.string(),
    kind: z.literal('changed'),
    before: SubprocessorFacts,
    after: SubprocessorFacts,
  }),
]);
export type NoticeChange = z.infer<typeof NoticeChange>;

/** The change without its verb: "Snowflake (Analytics, United States)", "Zendesk: location now “Germany”". */
export function changeDetail(change: NoticeChange): string {
  const facts = (entry: SubprocessorFacts) => {
    const detail = [entry.purpose, entry.location].filter(Boolean).join(', ');
    return detail ? `${entry.company} (${detail})` : entry.company;
  };
  if (change.kind === 'added') return facts(change.after);
  if (change.kind === 'removed') return facts(change.before);
  const parts: string[] = [];
  if (change.before.purpose !== change.after.purpose)
    parts.push(`purpose now “${change.after.purpose || 'not stated'}”`);
  if (change.before.location !== change.after.location)
    parts.push(`location now “${change.after.location || 'not stated'}”`);
  if (change.before.company !== change.after.company) parts.push(`now named ${change.after.company}`);
  return `${change.before.company}: ${parts.join(', ')}`;
}

const changeVerbs = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

/** "Added Snowflake (Analytics, United States)", as the notice, the card and the export say it. */
export function describeChange(change: NoticeChange): string {
  return `${changeVerbs[change.kind]} ${changeDetail(change)}`;
}

export const NoticeSettings = z.object({ noticeDays: z.number().int() });
export type NoticeSettings = z.infer<typeof NoticeSettings>;
export const NoticeSettingsInput = z.object({
  noticeDays: z
    .number({ error: noticeMessages.noticeDaysInvalid })
    .int(noticeMessages.noticeDaysInvalid)
    .min(noticeLimits.minNoticeDays, noticeMessages.noticeDaysInvalid)
    .max(noticeLimits.maxNoticeDays, noticeMessages.noticeDaysInvalid),
});

export const PublishNoticeInput = z.object({
  productId: z.string().uuid(),
  /** YYYY-MM-DD; the change takes effect at the start of that day (UTC). */
  effectiveOn: z.iso.date({ error: 'Choose an effective date' }),
  /** An optional paragraph before the list of changes. */
  intro: z.string().trim().max(noticeLimits.introMaxLength).default(''),
  /** Also e-mail the subprocessors' subscribers (the update is on the status page either way). */
  emailSubscribers: z.boolean().default(true),
});
export type PublishNoticeInput = z.input<typeof PublishNoticeInput>;

export const ObjectionView = z.object({
  id: z.string().uuid(),
  changeKey: z.string(),
  change: z.string(),
  email: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ObjectionView = z.infer<typeof ObjectionView>;

export const NoticeView = z.object({
  id: z.string().uuid(),
  productId: z.string().uuid(),
  productName: z.string(),
  topicId: z.string().uuid().nullable(),
  changes: z.array(NoticeChange),
  effectiveAt: z.string(),
  publishedAt: z.string(),
  isWindowOpen: z.boolean(),
  objections: z.array(ObjectionView),
});
export type NoticeView = z.infer<typeof NoticeView>;

export const NoticesOverview = z.object({
  settings: NoticeSettings,
  /** What publishing now would announce for the product asked (empty: nothing changed). */
  draft: z.object({
    productId: z.string().uuid(),
    changes: z.array(NoticeChange),
    defaultEffectiveOn: z.string(),
  }),
  notices: z.array(NoticeView),
});
export type NoticesOverview = z.infer<typeof NoticesOverview>;

export const AnswerObjectionInput = z.object({
  answer: z
    .string({ error: noticeMessages.answerRequired })
    .trim()
    .min(1, noticeMessages.answerRequired)
    .max(noticeLimits.answerMaxLength, noticeMessages.answerTooLong),
});

/** The objection form a customer posts from the notice's page. */
export const ObjectionForm = z.object({
  token: z.string().max(limits.queryValueMaxLength).optional(),
  changeKey: z.string().min(1, noticeMessages.chooseChange).max(100),
  reason: z.string().trim().max(noticeLimits.reasonMaxLength, noticeMessages.reasonTooLong).default(''),
});

/** Asking for a link to object as the address that receives the updates. */
export const ObjectionLinkForm = z.object({
  email: z.string().trim().toLowerCase().max(limits.emailMaxLength),
});

export function effectiveDateLabel(effectiveAt: string): string {
  return formatDate(effectiveAt);
}
