import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDate } from '../../../shared/dates';
import { AppError } from '../../../shared/errors';
import {
  AnswerObjectionInput,
  describeChange,
  noticeMessages,
  ObjectionForm,
  type ObjectionView,
} from '../../../shared/subprocessor-notices';
import { SubscriberEmail } from '../../../shared/subscriptions';
import type { Context } from '../../context';
import {
  requireConsole,
  signToken,
  type TokenKind,
  toCsv,
  validOrNull,
  verifyToken,
  writeAudit,
} from '../../core';
import { accountMembers, products, subprocessorObjections, subscribers } from '../../db/schema';
import { canSeeSubprocessorNotice } from '../../policy';
import { mailPerson } from '../mail';
import {
  isWindowOpen,
  loadNotice,
  type NoticeContext,
  noticePath,
  objectionView,
  requireNoticeEditor,
} from './notices';

// A link mailed to the address that receives the updates proves it, like a sign-in link; it is of
// no use once the window closes, so it expires then.
const objectionLink: TokenKind = { secret: 'subscription_token_secret', purpose: 'subprocessor_objection' };

type Objector = { email: string; via: 'member' | 'mailed_link' };

/** The notice as this viewer may see it: a notice of a hidden product is staff's only. */
async function visibleNotice(ctx: NoticeContext, noticeId: string) {
  const loaded = await loadNotice(ctx.db, ctx.viewer.organisation.id, noticeId);
  const [product] = await ctx.db
    .select({ isShown: products.isShown })
    .from(products)
    .where(eq(products.id, loaded.notice.productId));
  if (!product || !canSeeSubprocessorNotice(ctx.viewer, product))
    throw new AppError('not_found', noticeMessages.noticeNotFound);
  return loaded;
}

async function signObjectionToken(
  ctx: NoticeContext,
  notice: { id: string; effectiveAt: Date },
  objector: Objector,
): Promise<string> {
  return signToken(ctx.db, objectionLink, {
    audience: ctx.viewer.organisation.id,
    subject: objector.email,
    expiresAt: notice.effectiveAt,
    claims: { noticeId: notice.id, via: objector.via },
  });
}

/** The person a token of this notice was issued to: by a mailed link, or to a signed-in member's page. */
async function objectorOfToken(ctx: NoticeContext, noticeId: string, token: string | undefined) {
  if (!token) return null;
  const verified = validOrNull(
    await verifyToken(ctx.db, objectionLink, token, { audience: ctx.viewer.organisation.id }),
  );
  if (!verified?.subject || verified.claims.noticeId !== noticeId) return null;
  const via = verified.claims.via === 'member' ? 'member' : 'mailed_link';
  return { email: verified.subject, via } satisfies Objector;
}

export type ObjectionPage = {
  notice: Awaited<ReturnType<typeof visibleNotice>>;
  objector: Objector | null;
  /**
   * What the form posts to prove who objects. A signed-in member's page gets one too: the post then
   * needs no cookie, so another site cannot make a member object (no CSRF).
   */
  formToken: string | null;
  isOpen: boolean;
  /** This person's objections so far, by change. */
  mine: ObjectionView[];
};

export async function readObjectionPage(
  ctx: NoticeContext,
  input: { noticeId: string; token?: string | undefined },
): Promise<ObjectionPage> {
  const notice = await visibleNotice(ctx, input.noticeId);
  const isOpen = isWindowOpen(notice.notice);
  const member = ctx.viewer.member;
  const objector: Objector | null = member
    ? { email: member.email.toLowerCase(), via: 'member' }
    : await objectorOfToken(ctx, input.noticeId, input.token);
  const formToken =
    objector && isOpen
      ? member
        ? await signObjectionToken(ctx, notice.notice, objector)
        : (input.token ?? null)
      : null;
  const mine = objector
    ? notice.objections
        .filter((row) => row.email === objector.email)
        .map((row) => objectionView(row, notice.notice.changes))
    : [];
  return { notice, objector, formToken, isOpen, mine };
}

/**
 * Mails a link to object to an address that receives the updates or belongs to a customer account.
 * The answer is the same whatever the address, so nobody learns who subscribes.
 */
export async function requestObjectionLink(
  ctx: NoticeContext,
  input: { noticeId: string; email: string },
): Promise<void> {
  const { notice } = await visibleNotice(ctx, input.noticeId);
  const parsed = SubscriberEmail.safeParse(input.email);
  if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid e-mail');
  const email = parsed.data;
  if (!isWindowOpen(notice))
    throw new AppError('conflict', noticeMessages.windowClosed(formatDate(notice.effectiveAt.toISOString())));
  const organisation = ctx.viewer.organisation;
  const [subscriber] = await ctx.db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.organisationId, organisation.id),
        eq(subscribers.email, email),
        inArray(subscribers.status, ['confirmed']),
      ),
    )
    .limit(1);
  const [member] = subscriber
    ? []
    : await ctx.db
        .select({ id: accountMembers.id })
        .from(accountMembers)
        .where(
          and(
            eq(accountMembers.organisationId, organisation.id),
            sql`lower(${accountMembers.email}) = ${email}`,
          ),
        )
        .limit(1);
  if (!subscriber && !member) return;
  const token = await signObjectionToken(ctx, notice, { email, via: 'mailed_link' });
  const url = new URL(noticePath(organisation.slug, notice.id), ctx.config.publicUrl);
  url.searchParams.set('token', token);
  await mailPerson(ctx, organisation, {
    to: email,
    subject: `${organisation.name}: object to a subprocessor change`,
    heading: 'Object to a subprocessor change',
    blocks: [
      {
        kind: 'paragraph',
        text: `You asked to object to the subprocessor changes ${organisation.name} announced, effective ${formatDate(notice.effectiveAt.toISOString())}.`,
      },
      {
        kind: 'action',
        text: 'Choose the change and tell us why',
        label: 'Object to a change',
        url: url.toString(),
      },
    ],
    reason:
      'You receive this because this address asked for it on the notice’s page. Ignore it if you did not.',
  });
}

/** Records (or, for the same change, updates) an objection while the window is open. */
export async function recordObjection(
  ctx: NoticeContext,
  input: { noticeId: string; form: unknown },
): Promise<void> {
  const form = ObjectionForm.parse(input.form);
  const { notice } = await visibleNotice(ctx, input.noticeId);
  const objector = await objectorOfToken(ctx, notice.id, form.token);
  if (!objector) throw new AppError('forbidden', noticeMessages.signInToObject);
  if (!isWindowOpen(notice))
    throw new AppError('conflict', noticeMessages.windowClosed(formatDate(notice.effectiveAt.toISOString())));
  if (!notice.changes.some((change) => change.key === form.changeKey))
    throw new AppError('bad_request', noticeMessages.chooseChange, {
      changeKey: noticeMessages.chooseChange,
    });
  await ctx.db
    .insert(subprocessorObjections)
    .values({
      organisationId: ctx.viewer.organisation.id,
      noticeId: notice.id,
      changeKey: form.changeKey,
      email: objector.email,
      via: objector.via,
      reason: form.reason,
    })
    .onConflictDoUpdate({
      target: [
        subprocessorObjections.noticeId,
        subprocessorObjections.changeKey,
        subprocessorObjections.email,
      ],
      set: { reason: form.reason, createdAt: new Date() },
    });
}

/** Staff answer an objection; the person gets the answer by e-mail. */
export async function answerObjection(
  ctx: NoticeContext,
  input: { noticeId: string; objectionId: string; body: unknown },
): Promise<ObjectionView> {
  requireNoticeEditor(ctx.viewer);
  const { answer } = AnswerObjectionInput.parse(input.body);
  const organisation = ctx.viewer.organisation;
  const { notice, productName } = await loadNotice(ctx.db, organisation.id, input.noticeId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(subprocessorObjections)
      .set({ answer, answeredAt: new Date(), answeredByStaffUserId: ctx.viewer.staff?.id ?? null })
      .where(
        and(eq(subprocessorObjections.id, input.objectionId), eq(subprocessorObjections.noticeId, notice.id)),
      )
      .returning();
    if (!row) throw new AppError('not_found', noticeMessages.objectionNotFound);
    const view = objectionView(row, notice.changes);
    await mailPerson({ ...ctx, db: tx }, organisation, {
      to: row.email,
      subject: `${organisation.name} answered your objection`,
      heading: 'An answer to your objection',
      blocks: [
        { kind: 'facts', rows: [{ label: 'Change', value: `${view.change} (${productName})` }] },
        ...(row.reason ? [{ kind: 'quote' as const, intro: 'You wrote:', text: row.reason }] : []),
        { kind: 'quote', intro: `${organisation.name} answers:`, text: answer },
      ],
      reason: 'You receive this because you objected to a subprocessor change.',
    });
    await writeAudit(tx, ctx.viewer, {
      action: 'subprocessor_notice.objection_answered',
      target: `subprocessor_objection:${row.id}`,
      data: { noticeId: notice.id },
    });
    return view;
  });
}

/** The notice and every objection, as evidence: JSON with the changes, or CSV one objection per row. */
export async function exportNotice(
  ctx: Pick<Context, 'db' | 'viewer'>,
  input: { noticeId: string; format: 'csv' | 'json' },
): Promise<string> {
  requireConsole(ctx.viewer);
  const { notice, productName, objections } = await loadNotice(
    ctx.db,
    ctx.viewer.organisation.id,
    input.noticeId,
  );
  const views = objections.map((row) => ({ ...objectionView(row, notice.changes), via: row.via }));
  if (input.format === 'json') {
    return JSON.stringify(
      {
        notice: {
          id: notice.id,
          product: productName,
          publishedAt: notice.publishedAt.toISOString(),
          effectiveAt: notice.effectiveAt.toISOString(),
          topicId: notice.topicId,
          changes: notice.changes.map((change) => ({ ...change, description: describeChange(change) })),
        },
        objections: views,
      },
      null,
      2,
    );
  }
  return toCsv(
    [
      [
        'notice_id',
        'product',
        'published_at',
        'effective_at',
        'change',
        'email',
        'proved_by',
        'objected_at',
        'reason',
        'answer',
        'answered_at',
      ],
      ...views.map((view) => [
        notice.id,
        productName,
        notice.publishedAt,
        notice.effectiveAt,
        view.change,
        view.email,
        view.via,
        view.createdAt,
        view.reason,
        view.answer,
        view.answeredAt,
      ]),
    ],
    { bom: false },
  );
}
