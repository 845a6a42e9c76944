import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type ChannelKind, channelLimits, channelMessages } from '../../../shared/channels';
import { AppError } from '../../../shared/errors';
import type { UpdateCategory } from '../../../shared/update-texts';
import type { Config } from '../../config';
import type { Context } from '../../context';
import {
  neverExpires,
  openSealedSecret,
  sealSecret,
  signToken,
  type TokenKind,
  validOrNull,
  verifyToken,
} from '../../core';
import type { Database } from '../../db/client';
import { type ChannelMessage, channelDeliveries, channelSubscriptions, organisations } from '../../db/schema';
import { checkOutboundUrl, isLastingRefusal, type SafeFetchOptions, safeFetch } from '../../net/safe-fetch';
import type { Providers } from '../../providers';
import { PermanentJobError } from '../../providers/jobs/database-queue';
import type { JobHandler } from '../../providers/jobs/types';
import { choiceIncludes } from './queries';

export const channelDeliveryQueue = 'subscriptions.channel-delivery';
const urlPurpose = 'channel_subscriptions.url';
const confirmLink: TokenKind = { secret: 'subscription_token_secret', purpose: 'channel_confirm' };
const manageLink: TokenKind = { secret: 'subscription_token_secret', purpose: 'channel_manage' };

type ChannelRow = typeof channelSubscriptions.$inferSelect;
type ChannelContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/** Incoming webhooks carry their secret in the address: https only, except the test sink on 127.0.0.1. */
export function channelGateOptions(config: Pick<Config, 'outboundAllowLoopback'>): SafeFetchOptions {
  return { allowHttp: false, allowLoopback: config.outboundAllowLoopback };
}

/** The address as a person may type it, checked before anything is stored or posted. */
export const ChannelUrl = z
  .string({ error: channelMessages.urlRequired })
  .trim()
  .min(1, channelMessages.urlRequired)
  .max(channelLimits.urlMaxLength, channelMessages.urlInvalid)
  .refine((value) => URL.canParse(value), channelMessages.urlInvalid);

export const ChannelSubscribeForm = z
  .object({
    kind: z.enum(['slack', 'teams'], { error: 'Choose Slack or Microsoft Teams' }),
    url: ChannelUrl,
  })
  .catchall(z.string().max(40));

/** "hooks.slack.com …X7Qz": enough for a person to tell their channels apart, not enough to post. */
export function urlHint(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host} …${url.slice(-4)}`;
}

const digest = (url: string) => createHash('sha256').update(url).digest('hex');

/** Refuses, with the sentence a person reads, an address the outbound gate would never post to. */
export async function assertChannelUrlAllowed(config: Pick<Config, 'outboundAllowLoopback'>, url: string) {
  // Said before any name is looked up: plain http would send the channel's secret in the clear.
  const { protocol, hostname } = new URL(url);
  const isTestSink = config.outboundAllowLoopback && hostname === '127.0.0.1';
  if (protocol !== 'https:' && !isTestSink)
    throw new AppError('bad_request', channelMessages.urlNotHttps, { url: channelMessages.urlNotHttps });
  const refusal = await checkOutboundUrl(url, channelGateOptions(config)).then(
    () => null,
    (error: unknown) => error,
  );
  if (!isLastingRefusal(refusal)) return;
  const message =
    refusal.code === 'scheme_not_allowed' ? channelMessages.urlNotHttps : channelMessages.urlRefused;
  throw new AppError('bad_request', message, { url: message });
}

async function channelToken(
  db: Database,
  kind: TokenKind,
  channel: Pick<ChannelRow, 'id' | 'organisationId'>,
) {
  return signToken(db, kind, {
    audience: channel.organisationId,
    subject: channel.id,
    expiresAt:
      kind === confirmLink
        ? new Date(Date.now() + channelLimits.confirmationHours * 3_600_000)
        : neverExpires,
  });
}

/** The channel a confirmation or manage link names, in this organisation; null when the link is not valid. */
export async function channelOfToken(
  db: Database,
  organisationId: string,
  purpose: 'confirm' | 'manage',
  token: string,
): Promise<ChannelRow | null> {
  const kind = purpose === 'confirm' ? confirmLink : manageLink;
  const verified = validOrNull(await verifyToken(db, kind, token, { audience: organisationId }));
  if (!verified?.subject) return null;
  const [row] = await db
    .select()
    .from(channelSubscriptions)
    .where(
      and(
        eq(channelSubscriptions.id, verified.subject),
        eq(channelSubscriptions.organisationId, organisationId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A page of the organisation's flow, as an absolute link for a chat message. */
function pageUrl(config: Pick<Config, 'publicUrl'>, path: string, token: string): string {
  const url = new URL(path, config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Adds a channel (or renews a pending or stopped one) with its choice, then posts a message with a
 * confirmation link to it: only someone who can read the channel can start the updates there.
 */
export async function subscribeChannel(
  ctx: ChannelContext,
  input: { kind: ChannelKind; url: string; categories: UpdateCategory[] | null; products: string[] | null },
): Promise<void> {
  await assertChannelUrlAllowed(ctx.config, input.url);
  const organisation = ctx.viewer.organisation;
  const urlDigest = digest(input.url);
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(channelSubscriptions)
      .where(
        and(
          eq(channelSubscriptions.organisationId, organisation.id),
          eq(channelSubscriptions.urlDigest, urlDigest),
        ),
      )
      .for('update');
    // A confirmed channel keeps posting as it is; asking again only sends a fresh confirmation.
    const choice = { kind: input.kind, categories: input.categories, products: input.products };
    let channel: ChannelRow;
    if (existing?.status === 'confirmed') channel = existing;
    else if (existing) {
      [channel] = (await tx
        .update(channelSubscriptions)
        .set({ ...choice, status: 'pending' })
        .where(eq(channelSubscriptions.id, existing.id))
        .returning()) as [ChannelRow];
    } else {
      [channel] = (await tx
        .insert(channelSubscriptions)
        .values({
          organisationId: organisation.id,
          urlSealed: await sealSecret(tx, urlPurpose, input.url),
          urlDigest,
          urlHint: urlHint(input.url),
          ...choice,
        })
        .returning()) as [ChannelRow];
    }
    const token = await channelToken(tx, confirmLink, channel);
    await queueChannelMessages(tx, ctx.providers, [
      {
        channel,
        updateId: null,
        content: {
          eyebrow: `${organisation.name} trust updates`,
          title: `Confirm to receive ${organisation.name}'s trust updates here`,
          text: 'Someone asked for this channel to receive these updates. Nothing is posted until a member of the channel confirms.',
          url: pageUrl(ctx.config, `/${organisation.slug}/subscription/channel/confirm`, token),
          linkLabel: 'Confirm',
        },
      },
    ]);
  });
}

/** The confirmation link's POST: a pending channel starts receiving; null when the link is not valid. */
export async function confirmChannel(
  ctx: Pick<Context, 'db' | 'viewer'>,
  token: string,
): Promise<ChannelRow | null> {
  const channel = await channelOfToken(ctx.db, ctx.viewer.organisation.id, 'confirm', token);
  if (!channel || channel.status === 'unsubscribed') return null;
  if (channel.status === 'pending')
    await ctx.db
      .update(channelSubscriptions)
      .set({ status: 'confirmed', confirmedAt: new Date(), consecutiveFailures: 0 })
      .where(eq(channelSubscriptions.id, channel.id));
  return channel;
}

export async function manageToken(db: Database, channel: Pick<ChannelRow, 'id' | 'organisationId'>) {
  return channelToken(db, manageLink, channel);
}

/** Rows of messages and their delivery jobs, in the caller's transaction; an update reaches a channel once. */
export async function queueChannelMessages(
  db: Database,
  providers: Pick<Providers, 'jobs'>,
  messages: Array<{
    channel: Pick<ChannelRow, 'id' | 'organisationId'>;
    updateId: string | null;
    content: ChannelMessage;
  }>,
): Promise<number> {
  if (messages.length === 0) return 0;
  const inserted = await db
    .insert(channelDeliveries)
    .values(
      messages.map((message) => ({
        organisationId: message.channel.organisationId,
        channelId: message.channel.id,
        updateId: message.updateId,
        content: message.content,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: channelDeliveries.id });
  await providers.jobs.enqueueMany(
    db,
    channelDeliveryQueue,
    inserted.map((row) => ({ deliveryId: row.id })),
    { maxAttempts: channelLimits.deliveryAttempts },
  );
  return inserted.length;
}

/**
 * The fan-out's part for chat channels (issue 34 §2): every confirmed channel whose choice includes
 * the update's kind and product gets one message, decided in the query as for e-mail.
 */
export async function queueChannelUpdate(
  db: Database,
  providers: Pick<Providers, 'jobs'>,
  update: {
    organisationId: string;
    updateId: string;
    category: UpdateCategory;
    productId: string | null;
    content: ChannelMessage;
  },
): Promise<number> {
  const channels = await db
    .select({ id: channelSubscriptions.id, organisationId: channelSubscriptions.organisationId })
    .from(channelSubscriptions)
    .where(
      and(
        eq(channelSubscriptions.organisationId, update.organisationId),
        eq(channelSubscriptions.status, 'confirmed'),
        choiceIncludes(channelSubscriptions, update),
      ),
    );
  return queueChannelMessages(
    db,
    providers,
    channels.map((channel) => ({ channel, updateId: update.updateId, content: update.content })),
  );
}

/** The body each kind of incoming webhook takes: Slack's mrkdwn text, or a Teams Adaptive Card. */
export function channelPayload(
  kind: ChannelKind,
  message: ChannelMessage,
  manageUrl: string | null,
): unknown {
  if (kind === 'slack') {
    const escapeMrkdwn = (text: string) =>
      text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    const lines = [
      `_${escapeMrkdwn(message.eyebrow)}_`,
      `*${escapeMrkdwn(message.title)}*`,
      escapeMrkdwn(message.text),
      ...(message.url ? [`<${message.url}|${escapeMrkdwn(message.linkLabel)}>`] : []),
      ...(manageUrl ? [`<${manageUrl}|Change what this channel receives, or stop>`] : []),
    ];
    return { text: lines.join('\n'), unfurl_links: false };
  }
  const actions = [
    ...(message.url ? [{ type: 'Action.OpenUrl', title: message.linkLabel, url: message.url }] : []),
    ...(manageUrl
      ? [{ type: 'Action.OpenUrl', title: 'Change what this channel receives', url: manageUrl }]
      : []),
  ];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: message.eyebrow, isSubtle: true, size: 'Small', wrap: true },
            { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: message.text, wrap: true },
          ],
          actions,
        },
      },
    ],
  };
}

/**
 * Posts one message to its channel through the outbound gate. A non-2xx answer, a time-out or a
 * refused connection is retried by the job queue with backoff; a delivery that fails every attempt
 * is quarantined, and a channel whose deliveries fail so several times in a row stops receiving.
 */
export function createChannelDeliveryHandler(deps: {
  db: Database;
  config: Pick<Config, 'outboundAllowLoopback' | 'publicUrl'>;
  logger?: Pick<Logger, 'warn'> | undefined;
}): JobHandler {
  return async (payload, job) => {
    const deliveryId = typeof payload.deliveryId === 'string' ? payload.deliveryId : null;
    if (!deliveryId) throw new PermanentJobError('channel delivery needs a deliveryId');
    const [found] = await deps.db
      .select({ delivery: channelDeliveries, channel: channelSubscriptions, slug: organisations.slug })
      .from(channelDeliveries)
      .innerJoin(channelSubscriptions, eq(channelSubscriptions.id, channelDeliveries.channelId))
      .innerJoin(organisations, eq(organisations.id, channelSubscriptions.organisationId))
      .where(eq(channelDeliveries.id, deliveryId))
      .limit(1);
    if (!found || found.delivery.status !== 'queued') return;
    const { delivery, channel, slug } = found;
    const isConfirmation = delivery.updateId === null;
    if (isConfirmation ? channel.status !== 'pending' : channel.status !== 'confirmed') return;
    const url = await openSealedSecret(deps.db, urlPurpose, channel.urlSealed);
    const manageUrl = isConfirmation
      ? null
      : pageUrl(deps.config, `/${slug}/subscription/channel`, await manageToken(deps.db, channel));
    try {
      const response = await safeFetch(url, {
        ...channelGateOptions(deps.config),
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Attest-Channels/1' },
        body: JSON.stringify(channelPayload(channel.kind, delivery.content, manageUrl)),
        maxRedirects: 0,
        timeoutMs: channelLimits.requestTimeoutMs,
      }).catch((error: unknown) => {
        if (isLastingRefusal(error))
          throw new PermanentJobError(`channel address is not allowed (${error.code})`);
        throw error;
      });
      if (response.status < 200 || response.status >= 300)
        throw new Error(`the channel answered HTTP ${response.status}`);
    } catch (error) {
      const isFinal = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const reason = error instanceof Error ? error.message : String(error);
      deps.logger?.warn(
        { deliveryId, channelId: channel.id, attempts: job.attempts, isFinal, err: reason },
        'channel post failed',
      );
      if (isFinal) await quarantineDelivery(deps.db, delivery.id, channel.id, reason);
      throw error;
    }
    await deps.db.transaction(async (tx) => {
      await tx
        .update(channelDeliveries)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(channelDeliveries.id, delivery.id));
      await tx
        .update(channelSubscriptions)
        .set({ consecutiveFailures: 0, lastError: null, lastDeliveredAt: new Date() })
        .where(eq(channelSubscriptions.id, channel.id));
    });
  };
}

async function quarantineDelivery(db: Database, deliveryId: string, channelId: string, reason: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(channelDeliveries)
      .set({ status: 'quarantined', lastError: reason.slice(0, 500) })
      .where(eq(channelDeliveries.id, deliveryId));
    const [channel] = await tx
      .update(channelSubscriptions)
      .set({
        consecutiveFailures: sql`${channelSubscriptions.consecutiveFailures} + 1`,
        lastError: reason.slice(0, 500),
      })
      .where(eq(channelSubscriptions.id, channelId))
      .returning();
    if (
      channel &&
      channel.status === 'confirmed' &&
      channel.consecutiveFailures >= channelLimits.quarantineAfterFailures
    )
      await tx
        .update(channelSubscriptions)
        .set({ status: 'quarantined' })
        .where(eq(channelSubscriptions.id, channelId));
  });
}

/** A manage link's post: save the channel's choice, or stop posting there. */
export async function changeChannel(
  ctx: Pick<Context, 'db' | 'viewer'>,
  input: {
    token: string;
    intent: 'save' | 'stop';
    choice: { categories: UpdateCategory[] | null; products: string[] | null } | null;
  },
): Promise<'saved' | 'stopped' | 'linkInvalid'> {
  const channel = await channelOfToken(ctx.db, ctx.viewer.organisation.id, 'manage', input.token);
  if (!channel || channel.status === 'unsubscribed' || channel.status === 'pending') return 'linkInvalid';
  const where = eq(channelSubscriptions.id, channel.id);
  if (input.intent === 'stop') {
    await ctx.db.update(channelSubscriptions).set({ status: 'unsubscribed' }).where(where);
    return 'stopped';
  }
  if (input.choice) await ctx.db.update(channelSubscriptions).set(input.choice).where(where);
  return 'saved';
}
