import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { formatDate } from '../../../shared/dates';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  describeChange,
  type NoticeChange,
  type NoticeSettings,
  NoticeSettingsInput,
  type NoticesOverview,
  type NoticeView,
  noticeMessages,
  PublishNoticeInput,
} from '../../../shared/subprocessor-notices';
import type { Context } from '../../context';
import {
  dayMs,
  publishOrganisationChanged,
  requireConsole,
  requireRecentSecondFactor,
  writeAudit,
} from '../../core';
import type { Database } from '../../db/client';
import { organisations, products, subprocessorNotices, subprocessorObjections } from '../../db/schema';
import { canEditPortal } from '../../policy';
import { forgetAnnouncedList, pendingSubprocessorChanges } from '../specialised-cards';
import { publishSubprocessorsUpdate } from '../updates';

export type NoticeContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;
type NoticeRow = typeof subprocessorNotices.$inferSelect;
type ObjectionRow = typeof subprocessorObjections.$inferSelect;

/** Publishing and answering change what customers read: editors only (reading needs the console). */
export function requireNoticeEditor(viewer: Context['viewer']) {
  requireConsole(viewer);
  if (!canEditPortal(viewer)) throw new AppError('forbidden', messages.forbidden);
}

/** The start of the day `days` ahead, as the form's YYYY-MM-DD. */
export function dayAhead(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * dayMs).toISOString().slice(0, 10);
}

/** The notice's window: open while its effective date lies ahead. */
export function isWindowOpen(notice: Pick<NoticeRow, 'effectiveAt'>, now = new Date()): boolean {
  return notice.effectiveAt.getTime() > now.getTime();
}

async function findProduct(db: Database, organisationId: string, productId: string) {
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.organisationId, organisationId), eq(products.id, productId)))
    .limit(1);
  if (!product) throw new AppError('not_found', 'Product not found');
  return product;
}

export async function readNoticeSettings(db: Database, organisationId: string): Promise<NoticeSettings> {
  const [row] = await db
    .select({ noticeDays: organisations.subprocessorNoticeDays })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return { noticeDays: row?.noticeDays ?? 30 };
}

export function objectionView(row: ObjectionRow, changes: readonly NoticeChange[]) {
  const change = changes.find((entry) => entry.key === row.changeKey);
  return {
    id: row.id,
    changeKey: row.changeKey,
    change: change ? describeChange(change) : row.changeKey,
    email: row.email,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

export function noticeView(
  notice: NoticeRow,
  productName: string,
  objections: readonly ObjectionRow[],
  now = new Date(),
): NoticeView {
  return {
    id: notice.id,
    productId: notice.productId,
    productName,
    topicId: notice.topicId,
    changes: notice.changes,
    effectiveAt: notice.effectiveAt.toISOString(),
    publishedAt: notice.publishedAt.toISOString(),
    isWindowOpen: isWindowOpen(notice, now),
    objections: objections.map((row) => objectionView(row, notice.changes)),
  };
}

export async function loadNotice(db: Database, organisationId: string, noticeId: string) {
  const [row] = await db
    .select({ notice: subprocessorNotices, productName: products.name })
    .from(subprocessorNotices)
    .innerJoin(products, eq(products.id, subprocessorNotices.productId))
    .where(and(eq(subprocessorNotices.organisationId, organisationId), eq(subprocessorNotices.id, noticeId)))
    .limit(1);
  if (!row) throw new AppError('not_found', noticeMessages.noticeNotFound);
  const objections = await db
    .select()
    .from(subprocessorObjections)
    .where(eq(subprocessorObjections.noticeId, noticeId))
    .orderBy(asc(subprocessorObjections.createdAt), asc(subprocessorObjections.id));
  return { notice: row.notice, productName: row.productName, objections };
}

/** The console's page: the settings, what publishing now would announce for the product, every notice. */
export async function getNoticesOverview(
  ctx: NoticeContext,
  input: { productId: string },
): Promise<NoticesOverview> {
  requireConsole(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  await findProduct(ctx.db, organisationId, input.productId);
  const [settings, changes, rows, objections] = await Promise.all([
    readNoticeSettings(ctx.db, organisationId),
    pendingSubprocessorChanges(ctx.db, input.productId),
    ctx.db
      .select({ notice: subprocessorNotices, productName: products.name })
      .from(subprocessorNotices)
      .innerJoin(products, eq(products.id, subprocessorNotices.productId))
      .where(eq(subprocessorNotices.organisationId, organisationId))
      .orderBy(desc(subprocessorNotices.publishedAt)),
    ctx.db
      .select()
      .from(subprocessorObjections)
      .where(eq(subprocessorObjections.organisationId, organisationId))
      .orderBy(asc(subprocessorObjections.createdAt), asc(subprocessorObjections.id)),
  ]);
  const now = new Date();
  const objectionsOf = new Map<string, ObjectionRow[]>();
  for (const objection of objections)
    objectionsOf.set(objection.noticeId, [...(objectionsOf.get(objection.noticeId) ?? []), objection]);
  return {
    settings,
    draft: { productId: input.productId, changes, defaultEffectiveOn: dayAhead(settings.noticeDays, now) },
    notices: rows.map((row) =>
      noticeView(row.notice, row.productName, objectionsOf.get(row.notice.id) ?? [], now),
    ),
  };
}

export async function saveNoticeSettings(ctx: NoticeContext, input: unknown): Promise<NoticeSettings> {
  requireNoticeEditor(ctx.viewer);
  const { noticeDays } = NoticeSettingsInput.parse(input);
  await ctx.db
    .update(organisations)
    .set({ subprocessorNoticeDays: noticeDays })
    .where(eq(organisations.id, ctx.viewer.organisation.id));
  await writeAudit(ctx.db, ctx.viewer, {
    action: 'subprocessor_notice.settings',
    target: null,
    data: { noticeDays },
  });
  return { noticeDays };
}

export function noticePath(organisationSlug: string, noticeId: string): string {
  return `/${organisationSlug}/subprocessor-notices/${noticeId}`;
}

/** The update's Markdown: what changes from when, and where to object until then. */
export function noticeMarkdown(input: {
  intro: string;
  productName: string;
  changes: readonly NoticeChange[];
  effectiveAt: Date;
  objectUrl: string;
}): string {
  const date = formatDate(input.effectiveAt.toISOString());
  // Company names and purposes are staff text: escape what Markdown would read as markup.
  const plain = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
  return [
    ...(input.intro ? [plain(input.intro), ''] : []),
    `From **${date}**, these changes apply to the subprocessors of ${plain(input.productName)}:`,
    '',
    ...input.changes.map((change) => `- ${plain(describeChange(change))}`),
    '',
    `Customers may object to any of these changes until ${date}: [object to a change](${input.objectUrl}).`,
  ].join('\n');
}

/**
 * Publishes the pending difference as a notice (issue 34 §3): a 'subprocessors' update of the
 * product with its effective date and objection link, in one transaction with the notice itself;
 * from then on nothing is pending until the next change.
 */
export async function publishNotice(ctx: NoticeContext, input: PublishNoticeInput): Promise<NoticeView> {
  requireNoticeEditor(ctx.viewer);
  const { productId, effectiveOn, intro, emailSubscribers } = PublishNoticeInput.parse(input);
  const effectiveAt = new Date(`${effectiveOn}T00:00:00.000Z`);
  if (effectiveOn < new Date().toISOString().slice(0, 10))
    throw new AppError('bad_request', noticeMessages.effectiveInPast, {
      effectiveOn: noticeMessages.effectiveInPast,
    });
  // Mail to every subscriber cannot be taken back: a hijacked session must prove the second factor.
  if (emailSubscribers) await requireRecentSecondFactor(ctx);
  const organisation = ctx.viewer.organisation;
  const noticeId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    const product = await findProduct(tx, organisation.id, productId);
    const changes = await pendingSubprocessorChanges(tx, productId);
    if (changes.length === 0) throw new AppError('conflict', noticeMessages.nothingToAnnounce);
    const staffUserId = ctx.viewer.staff?.id ?? null;
    await tx.insert(subprocessorNotices).values({
      id: noticeId,
      organisationId: organisation.id,
      productId,
      changes,
      effectiveAt,
      publishedByStaffUserId: staffUserId,
    });
    const { topicId } = await publishSubprocessorsUpdate(tx, ctx.providers, {
      organisationId: organisation.id,
      staffUserId,
      productId,
      subject: `Subprocessor changes from ${formatDate(effectiveAt.toISOString())}`,
      message: noticeMarkdown({
        intro,
        productName: product.name,
        changes,
        effectiveAt,
        objectUrl: `${ctx.config.publicUrl}${noticePath(organisation.slug, noticeId)}`,
      }),
      channels: {
        statusPage: true,
        statusPageAudience: 'public',
        email: { enabled: emailSubscribers, subscribers: emailSubscribers, audience: [] },
      },
    });
    await tx.update(subprocessorNotices).set({ topicId }).where(eq(subprocessorNotices.id, noticeId));
    await forgetAnnouncedList(tx, productId);
    await publishOrganisationChanged(tx, organisation.id);
    await writeAudit(tx, ctx.viewer, {
      action: 'subprocessor_notice.published',
      target: `subprocessor_notice:${noticeId}`,
      data: { productId, effectiveOn, changes: changes.length, emailSubscribers },
    });
  });
  const loaded = await loadNotice(ctx.db, organisation.id, noticeId);
  return noticeView(loaded.notice, loaded.productName, loaded.objections);
}
