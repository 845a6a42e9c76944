import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/dates';
import { PortalCustomisation } from '../../../shared/portal';
import type { AppDeps } from '../../context';
import { accessRequestLink, consoleLink } from '../../core';
import type { Database } from '../../db/client';
import {
  accessRequests,
  organisations,
  products,
  staffDigestWindows,
  staffNotificationPreferences,
  staffUsers,
} from '../../db/schema';
import type { JobHandler } from '../../providers/jobs/types';
import type { MailContent } from '../mail';
import { type MailOrganisation, portalName, queueBrandedMail } from '../mail';
import { concernsProducts, requestProductIds } from './queries';

export const staffDigestQueue = 'access.staff-digest';
/** A digest lists at most this many requests by name; the rest are counted. */
const digestListMax = 50;
const hourMs = 60 * 60 * 1000;

type DigestDelivery = 'hourly' | 'daily';
type DigestDeps = Pick<AppDeps, 'config' | 'providers'> & { db: Database };

/** The end of the latest whole window at `now`: the top of the hour, or midnight UTC. */
export function digestWindowEnd(delivery: DigestDelivery, now: Date): Date {
  const step = delivery === 'hourly' ? hourMs : 24 * hourMs;
  return new Date(Math.floor(now.getTime() / step) * step);
}

export function digestMail(
  config: Pick<DigestDeps['config'], 'publicUrl'>,
  organisation: MailOrganisation,
  digest: {
    delivery: DigestDelivery;
    since: Date;
    total: number;
    requests: Array<{
      id: string;
      name: string;
      email: string;
      companyName: string;
      products: string;
      createdAt: Date;
    }>;
  },
): MailContent {
  const name = portalName(organisation);
  const count = digest.total === 1 ? '1 access request' : `${digest.total} access requests`;
  const more = digest.total - digest.requests.length;
  return {
    subject: `${count} waiting for review on the ${name}`,
    heading: digest.delivery === 'hourly' ? 'Your hourly digest' : 'Your daily digest',
    blocks: [
      {
        kind: 'paragraph',
        text: `Since ${formatDateTime(digest.since)}, ${count} arrived and ${digest.total === 1 ? 'is' : 'are'} still waiting for review.`,
      },
      {
        kind: 'facts',
        rows: digest.requests.map((request) => ({
          // The address goes with the details so the name column stays narrow on a phone.
          label: request.name,
          url: accessRequestLink(config, request.id),
          value: [request.email, request.companyName, request.products, formatDateTime(request.createdAt)]
            .filter(Boolean)
            .join(' · '),
        })),
      },
      ...(more > 0 ? [{ kind: 'paragraph' as const, text: `And ${more} more.` }] : []),
      {
        kind: 'action',
        text: 'Work through them in the review queue',
        label: 'Open the review queue',
        url: consoleLink(config, 'access-requests'),
      },
    ],
    reason: `You receive this because you chose ${digest.delivery === 'hourly' ? 'an hourly' : 'a daily'} digest of new access requests on the ${name}. Change it under Access settings, "Your notifications": ${consoleLink(config, 'access-settings#notifications')}`,
  };
}

async function loadMailOrganisation(db: Database, organisationId: string): Promise<MailOrganisation | null> {
  const [row] = await db
    .select({
      id: organisations.id,
      slug: organisations.slug,
      name: organisations.name,
      customisation: organisations.customisation,
      logoAssetId: organisations.logoAssetId,
      revision: organisations.revision,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row ? { ...row, customisation: PortalCustomisation.parse(row.customisation) } : null;
}

/**
 * One person's due window, in one transaction: the preference row is locked, the window recorded
 * (unique per person and window end) and the mail queued in the outbox together, so a second runner
 * waits and then finds the window covered, and a crash before commit leaves nothing behind.
 */
async function handleDigestFor(
  deps: DigestDeps,
  staffUserId: string,
  now: Date,
): Promise<'sent' | 'empty' | 'none'> {
  return deps.db.transaction(async (tx) => {
    const [preference] = await tx
      .select()
      .from(staffNotificationPreferences)
      .where(eq(staffNotificationPreferences.staffUserId, staffUserId))
      .for('update');
    if (!preference || (preference.delivery !== 'hourly' && preference.delivery !== 'daily')) return 'none';
    const windowEnd = digestWindowEnd(preference.delivery, now);
    const windowStart = preference.digestCoveredUntil ?? preference.updatedAt;
    if (windowEnd.getTime() <= windowStart.getTime()) return 'none';
    const [staff] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffUserId)).limit(1);
    if (!staff || staff.isDisabled) return 'none';

    const pending = (
      await tx
        .select()
        .from(accessRequests)
        .where(
          and(
            eq(accessRequests.organisationId, preference.organisationId),
            eq(accessRequests.status, 'pending'),
            gt(accessRequests.createdAt, windowStart),
            lte(accessRequests.createdAt, windowEnd),
          ),
        )
        .orderBy(asc(accessRequests.createdAt))
    ).filter((request) => concernsProducts(preference.productIds, requestProductIds(request)));

    const [recorded] = await tx
      .insert(staffDigestWindows)
      .values({ staffUserId, windowStart, windowEnd, requestCount: pending.length })
      .onConflictDoNothing()
      .returning({ id: staffDigestWindows.id });
    await tx
      .update(staffNotificationPreferences)
      .set({ digestCoveredUntil: windowEnd })
      .where(eq(staffNotificationPreferences.staffUserId, staffUserId));
    if (!recorded || pending.length === 0) return 'empty';

    const organisation = await loadMailOrganisation(tx, preference.organisationId);
    if (!organisation) return 'none';
    const listed = pending.slice(0, digestListMax);
    const productIds = [...new Set(listed.flatMap(requestProductIds))];
    const productNames = new Map(
      productIds.length === 0
        ? []
        : (
            await tx
              .select({ id: products.id, name: products.name })
              .from(products)
              .where(inArray(products.id, productIds))
          ).map((product) => [product.id, product.name]),
    );
    const content = digestMail(deps.config, organisation, {
      delivery: preference.delivery,
      since: windowStart,
      total: pending.length,
      requests: listed.map((request) => ({
        id: request.id,
        name: `${request.firstName} ${request.lastName}`.trim(),
        email: request.email,
        companyName: request.companyName,
        products: requestProductIds(request)
          .map((id) => productNames.get(id))
          .filter(Boolean)
          .join(', '),
        createdAt: request.createdAt,
      })),
    });
    await queueBrandedMail({ ...deps, db: tx }, organisation, { to: staff.email, content });
    return 'sent';
  });
}

/** Every digest reader whose window has ended gets it (or nothing, when no request waits). */
export async function sendDueDigests(
  deps: DigestDeps,
  now = new Date(),
  signal?: AbortSignal,
): Promise<{ sent: number; empty: number }> {
  const readers = await deps.db
    .select({ staffUserId: staffNotificationPreferences.staffUserId })
    .from(staffNotificationPreferences)
    .where(inArray(staffNotificationPreferences.delivery, ['hourly', 'daily']));
  const result = { sent: 0, empty: 0 };
  for (const { staffUserId } of readers) {
    // Past the time limit the job is no longer ours: the next run picks up what is left.
    if (signal?.aborted) break;
    const outcome = await handleDigestFor(deps, staffUserId, now);
    if (outcome === 'sent') result.sent++;
    if (outcome === 'empty') result.empty++;
  }
  return result;
}

export function createStaffDigestHandler(deps: DigestDeps): JobHandler {
  return async (_payload, job) => {
    await sendDueDigests(deps, new Date(), job.signal);
  };
}
