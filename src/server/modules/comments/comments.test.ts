import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Comment, commentLimits, commentMessages } from '../../../shared/comments';
import { createItem, createPermissionProfile, updateCard } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailsTo, nextClient } from '../access/test-support';
import { setCustomisation, setUpCollaboration } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setUp() {
  const setup = await setUpCollaboration(t, { commentsEnabled: true });
  const db = t.database.db;
  const publicItem = await createItem(db, setup.product, {
    cardKind: 'DataSecurity',
    title: 'Encryption at rest',
  });
  const restricted = await createItem(db, setup.product, {
    cardKind: 'DataSecurity',
    title: 'Pen test summary',
    isPublic: false,
  });
  const hidden = await createItem(db, setup.product, {
    cardKind: 'DataSecurity',
    title: 'Hidden report',
    isPublic: false,
    isHidden: true,
  });
  return { ...setup, publicItem, restricted, hidden };
}

type Session = { cookies: Record<string, string>; headers: Record<string, string> };

// Each post from its own address: the per-address rate limit has its own test.
const post = (base: string, session: Session, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/comments`,
    cookies: session.cookies,
    headers: session.headers,
    remoteAddress: nextClient(),
    payload,
  });
const list = (base: string, session: Session, itemUid: string) =>
  t.app.inject({ url: `${base}/comments?itemUid=${itemUid}`, cookies: session.cookies });

describe('comments on items', () => {
  it('lets a member post a trimmed comment, lists it, and mails staff', async () => {
    const { base, memberSession, publicItem, staffUser } = await setUp();
    const member = await memberSession({ name: 'Globex' });
    const posted = await post(base, member, { itemUid: publicItem.id, content: '  Is this AES-256?  \n' });
    expect(posted.statusCode).toBe(201);
    const comment = posted.json<Comment>();
    expect(comment.content).toBe('Is this AES-256?');
    expect(comment.member?.email).toBe(member.member.email);
    expect(comment.staff).toBeNull();
    const listed = await list(base, member, publicItem.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ comments: Comment[] }>().comments.map((c) => c.content)).toEqual([
      'Is this AES-256?',
    ]);
    const [mail] = await mailsTo(t, staffUser.email);
    expect(mail?.subject).toBe('New comment from Globex on "Encryption at rest"');
    expect(mail?.text).toContain('Is this AES-256?');
  });

  it('stores script as plain text and answers JSON, never markup', async () => {
    const { base, memberSession, publicItem } = await setUp();
    const member = await memberSession();
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const posted = await post(base, member, { itemUid: publicItem.id, content: script });
    expect(posted.statusCode).toBe(201);
    expect(posted.headers['content-type']).toMatch(/^application\/json/);
    const listed = await list(base, member, publicItem.id);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.json<{ comments: Comment[] }>().comments[0]?.content).toBe(script);
  });

  it('refuses empty, whitespace-only and over-long comments with their messages', async () => {
    const { base, memberSession, publicItem } = await setUp();
    const member = await memberSession();
    for (const content of ['', '   \n\t ']) {
      const response = await post(base, member, { itemUid: publicItem.id, content });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(commentMessages.contentRequired);
    }
    const tooLong = await post(base, member, {
      itemUid: publicItem.id,
      content: 'a'.repeat(commentLimits.contentMaxLength + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain(commentMessages.contentTooLong);
    const atLimit = await post(base, member, {
      itemUid: publicItem.id,
      content: ` ${'a'.repeat(commentLimits.contentMaxLength)} `,
    });
    expect(atLimit.statusCode).toBe(201);
    const listed = await list(base, member, publicItem.id);
    expect(listed.json<{ comments: Comment[] }>().comments).toHaveLength(1);
  });

  it('needs comments enabled, a signed-in authorised member and the CSRF header', async () => {
    const { base, organisation, memberSession, publicItem, staff } = await setUp();
    const anonymous = await t.app.inject({ url: `${base}/comments?itemUid=${publicItem.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(commentMessages.memberRequired);
    const pending = await memberSession({ reviewStatus: 'pending' });
    expect((await post(base, pending, { itemUid: publicItem.id, content: 'hi' })).statusCode).toBe(401);
    const expired = await memberSession({ accessExpiresAt: new Date(Date.now() - 1000) });
    expect((await list(base, expired, publicItem.id)).statusCode).toBe(401);
    // Staff in Main or Preview mode answer from the console, not the portal.
    expect((await list(base, staff, publicItem.id)).statusCode).toBe(401);
    const member = await memberSession();
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${base}/comments`,
      cookies: member.cookies,
      payload: { itemUid: publicItem.id, content: 'hi' },
    });
    expect(noCsrf.statusCode).toBe(403);
    await setCustomisation(t, organisation.id, { commentsEnabled: false });
    const disabled = await post(base, member, { itemUid: publicItem.id, content: 'hi' });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error.message).toBe(commentMessages.commentsDisabled);
  });

  it('allows only items whose content the member may read (canReadItemContent)', async () => {
    const { base, product, memberSession, restricted, hidden, organisation } = await setUp();
    const member = await memberSession();
    expect((await post(base, member, { itemUid: restricted.id, content: 'ok' })).statusCode).toBe(201);
    const refused = await post(base, member, { itemUid: hidden.id, content: 'no' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(commentMessages.itemNotFound);
    expect((await list(base, member, hidden.id)).statusCode).toBe(404);
    const profile = await createPermissionProfile(t.database.db, organisation.id, { itemIds: [hidden.id] });
    const withProfile = await memberSession({ permissionProfileId: profile.id });
    expect((await post(base, withProfile, { itemUid: hidden.id, content: 'yes' })).statusCode).toBe(201);
    // A hidden card's items, NotEnabled items and other organisations' items are out of reach.
    const onHiddenCard = await createItem(t.database.db, product, { cardKind: 'Esg', title: 'ESG report' });
    await updateCard(t.database.db, product.id, 'Esg', { isHidden: true });
    expect((await post(base, member, { itemUid: onHiddenCard.id, content: 'no' })).statusCode).toBe(404);
    const disabled = await createItem(t.database.db, product, {
      cardKind: 'DataSecurity',
      title: 'Not yet',
      enabledState: 'NotEnabled',
    });
    expect((await post(base, member, { itemUid: disabled.id, content: 'no' })).statusCode).toBe(404);
    const other = await setUp();
    expect((await post(base, member, { itemUid: other.publicItem.id, content: 'no' })).statusCode).toBe(404);
  });

  it("shows a member only their own account's thread, shared with colleagues", async () => {
    const { base, memberSession, publicItem } = await setUp();
    const ann = await memberSession({ name: 'Initech', domain: 'initech.example' });
    const colleague = await createColleague(ann.account.id, ann.member.organisationId);
    const bob = await memberSession({ name: 'Umbrella' });
    await post(base, ann, { itemUid: publicItem.id, content: 'from Initech' });
    await post(base, bob, { itemUid: publicItem.id, content: 'from Umbrella' });
    const contents = async (session: Session) =>
      (await list(base, session, publicItem.id))
        .json<{ comments: Comment[] }>()
        .comments.map((c) => c.content);
    expect(await contents(ann)).toEqual(['from Initech']);
    expect(await contents(colleague)).toEqual(['from Initech']);
    expect(await contents(bob)).toEqual(['from Umbrella']);
  });

  it('lets staff read threads by item and account and answer; the members who wrote are mailed', async () => {
    const { base, memberSession, publicItem, staff, organisation } = await setUp();
    const ann = await memberSession({ name: 'Initech' });
    await post(base, ann, { itemUid: publicItem.id, content: 'Question?' });
    const threads = await t.app.inject({ url: '/api/comments/threads', cookies: staff.cookies });
    expect(threads.statusCode).toBe(200);
    const [thread] = threads.json().threads;
    expect(thread).toMatchObject({
      itemUid: publicItem.id,
      accountId: ann.account.id,
      accountName: 'Initech',
      commentCount: 1,
      isAwaitingReply: true,
    });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/comments/thread',
      cookies: staff.cookies,
      headers: staff.headers,
      payload: { itemUid: publicItem.id, accountId: ann.account.id, content: '  Yes, AES-256.  ' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<Comment>().staff?.name).toContain(`${organisation.name} team`);
    const listed = await list(base, ann, publicItem.id);
    expect(listed.json<{ comments: Comment[] }>().comments.map((c) => c.content)).toEqual([
      'Question?',
      'Yes, AES-256.',
    ]);
    const mails = await mailsTo(t, ann.member.email);
    expect(
      mails.some(
        (mail) => mail.text.includes('Yes, AES-256.') && mail.text.includes(`itemUid=${publicItem.id}`),
      ),
    ).toBe(true);
    const after = await t.app.inject({ url: '/api/comments/threads', cookies: staff.cookies });
    expect(after.json().threads[0].isAwaitingReply).toBe(false);
    // Staff of another organisation see nothing of it and cannot answer it.
    const other = await setUp();
    const otherThreads = await t.app.inject({ url: '/api/comments/threads', cookies: other.staff.cookies });
    expect(otherThreads.json().threads).toEqual([]);
    const foreign = await t.app.inject({
      url: `/api/comments/thread?itemUid=${publicItem.id}&accountId=${ann.account.id}`,
      cookies: other.staff.cookies,
    });
    expect(foreign.statusCode).toBe(404);
    const unauthenticated = await t.app.inject({ url: '/api/comments/threads' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('comment rate limit', () => {
  it('answers 429 past the per-address limit', async () => {
    const { base, memberSession, publicItem } = await setUp();
    const member = await memberSession();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${base}/comments`,
        cookies: member.cookies,
        headers: member.headers,
        remoteAddress: '203.0.113.77',
        payload: { itemUid: publicItem.id, content: 'again' },
      });
    for (let count = 0; count < commentLimits.postsPerMinute; count++)
      expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(429);
  });
});

async function createColleague(accountId: string, organisationId: string) {
  const { accountMembers } = await import('../../db/schema');
  const { createTestSession } = await import('../../test/sessions');
  const [member] = await t.database.db
    .insert(accountMembers)
    .values({ organisationId, accountId, email: `colleague-${accountId.slice(0, 8)}@initech.example` })
    .returning();
  return createTestSession(t.database.db, { organisationId, accountMemberId: member!.id });
}
