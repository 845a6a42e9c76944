import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { accessLimits } from '../../../shared/access';
import type { Config } from '../../config';
import { findOrganisationById } from '../../core';
import type { Database } from '../../db/client';
import { accessSettings, accountMembers, accounts } from '../../db/schema';
import type { Providers } from '../../providers';
import type { JobHandler } from '../../providers/jobs/types';
import { loadTokenSecret, signExtensionToken } from '../access';
import { type MailOrganisation, mailPerson } from '../mail';
import { accessEndingMail } from './account-mails';

export const expiryRemindersQueue = 'access.expiry-reminders';

/** Accounts reminded per transaction: a crash or time-out loses at most one batch's work, none twice. */
const batchSize = 50;

type ReminderDeps = { db: Database; config: Config; providers: Providers };

export function extensionLinkUrl(publicUrl: string, organisationSlug: string, token: string): string {
  const url = new URL(`/api/statuspage/share/${organisationSlug}/request-more-time`, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

const reminderDays = sql`coalesce(${accessSettings.expiryReminderDays}, ${sql.raw(String(accessLimits.expiryReminderDaysDefault))})`;
const reminderWindow = sql`make_interval(days => ${reminderDays})`;

/**
 * Mails every member of each approved account whose access ends within its organisation's reminder
 * window, once per end date: the account row is locked (others' runs skip it) and stamped with the end
 * date in the transaction that queues the mails, so a concurrent or repeated run finds nothing to do,
 * and an extension (a new end date) arms the reminder again. A period that began inside the window is
 * not reminded: the approval's own mail gave its end date days before. Returns the accounts reminded.
 */
export async function sendDueExpiryReminders(
  deps: ReminderDeps,
  now = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  await loadTokenSecret(deps.db);
  const organisations = new Map<string, MailOrganisation | null>();
  let reminded = 0;
  while (!signal?.aborted) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: accounts.id,
          organisationId: accounts.organisationId,
          name: accounts.name,
          accessExpiresAt: accounts.accessExpiresAt,
        })
        .from(accounts)
        .leftJoin(accessSettings, eq(accessSettings.organisationId, accounts.organisationId))
        .where(
          and(
            eq(accounts.reviewStatus, 'approved'),
            isNotNull(accounts.accessExpiresAt),
            gt(accounts.accessExpiresAt, now),
            sql`${reminderDays} > 0`,
            sql`${accounts.accessExpiresAt} <= ${now.toISOString()}::timestamptz + ${reminderWindow}`,
            sql`(${accounts.reviewedAt} is null or ${accounts.reviewedAt} <= ${accounts.accessExpiresAt} - ${reminderWindow})`,
            sql`${accounts.expiryReminderSentFor} is distinct from ${accounts.accessExpiresAt}`,
          ),
        )
        .orderBy(accounts.accessExpiresAt)
        .limit(batchSize)
        .for('update', { of: accounts, skipLocked: true });
      if (due.length === 0) return 0;
      await tx
        .update(accounts)
        .set({ expiryReminderSentFor: sql`${accounts.accessExpiresAt}` })
        .where(
          inArray(
            accounts.id,
            due.map((account) => account.id),
          ),
        );
      const members = await tx
        .select({
          id: accountMembers.id,
          accountId: accountMembers.accountId,
          email: accountMembers.email,
          firstName: accountMembers.firstName,
        })
        .from(accountMembers)
        .where(
          inArray(
            accountMembers.accountId,
            due.map((account) => account.id),
          ),
        );
      const txCtx = { ...deps, db: tx };
      for (const account of due) {
        if (!organisations.has(account.organisationId)) {
          organisations.set(account.organisationId, await findOrganisationById(tx, account.organisationId));
        }
        const organisation = organisations.get(account.organisationId);
        if (!organisation) continue;
        const until = account.accessExpiresAt!;
        for (const member of members.filter((candidate) => candidate.accountId === account.id)) {
          const token = await signExtensionToken(
            deps.db,
            {
              organisationId: organisation.id,
              accountMemberId: member.id,
              accountId: account.id,
              periodEndsAt: until,
            },
            now,
          );
          await mailPerson(txCtx, organisation, {
            to: member.email,
            ...accessEndingMail(deps.config, organisation, {
              firstName: member.firstName,
              accountName: account.name,
              until,
              moreTimeUrl: extensionLinkUrl(deps.config.publicUrl, organisation.slug, token),
            }),
          });
        }
      }
      return due.length;
    });
    reminded += count;
    if (count < batchSize) break;
  }
  return reminded;
}

export function createExpiryRemindersHandler(deps: ReminderDeps): JobHandler {
  return async (_payload, job) => {
    await sendDueExpiryReminders(deps, new Date(), job.signal);
  };
}
