import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateHost } from '../../../shared/network-address';
import { questionnaireLimits, questionnaireMessages } from '../../../shared/questionnaires';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailsTo, nextClient } from '../access/test-support';
import { setCustomisation, setUpCollaboration } from '../comments/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Session = { cookies: Record<string, string>; headers: Record<string, string> };
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const pngBytes = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const sendLink = (base: string, session: Session, link: string) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/questionnaires/link`,
    cookies: session.cookies,
    headers: session.headers,
    remoteAddress: nextClient(),
    payload: { link },
  });
const sendFile = (base: string, session: Session, name: string, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/questionnaires/file?name=${encodeURIComponent(name)}`,
    cookies: session.cookies,
    headers: { ...session.headers, 'content-type': 'application/octet-stream' },
    remoteAddress: nextClient(),
    payload: bytes,
  });

describe('questionnaire links', () => {
  it('accepts an https link to a public host, mails staff and lists it in the console', async () => {
    const { base, memberSession, staff, staffUser } = await setUpCollaboration(t, {
      questionnairesEnabled: true,
    });
    const member = await memberSession({ name: 'Globex' });
    const response = await sendLink(base, member, '  https://forms.example.com/q/123  ');
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('submitted');
    const [mail] = await mailsTo(t, staffUser.email);
    expect(mail?.subject).toBe('New questionnaire from Globex');
    expect(mail?.text).toContain('https://forms.example.com/q/123');
    const listed = await t.app.inject({ url: '/api/questionnaires', cookies: staff.cookies });
    expect(listed.json().submissions).toMatchObject([
      { kind: 'link', link: 'https://forms.example.com/q/123', accountName: 'Globex', status: 'open' },
    ]);
  });

  it.each([
    ['http://forms.example.com/q', questionnaireMessages.linkNotHttps],
    ['javascript:alert(1)', questionnaireMessages.linkNotHttps],
    ['not a url', questionnaireMessages.linkInvalid],
    ['https://127.0.0.1/q', questionnaireMessages.linkPrivate],
    ['https://10.1.2.3/q', questionnaireMessages.linkPrivate],
    ['https://192.168.0.10/q', questionnaireMessages.linkPrivate],
    ['https://172.20.0.1/q', questionnaireMessages.linkPrivate],
    ['https://169.254.169.254/latest/meta-data', questionnaireMessages.linkPrivate],
    ['https://[::1]/q', questionnaireMessages.linkPrivate],
    ['https://[fd00::1]/q', questionnaireMessages.linkPrivate],
    ['https://[::ffff:127.0.0.1]/q', questionnaireMessages.linkPrivate],
    ['https://0x7f.1/q', questionnaireMessages.linkPrivate],
    ['https://2130706433/q', questionnaireMessages.linkPrivate],
    ['https://localhost/q', questionnaireMessages.linkPrivate],
    ['https://user:pass@forms.example.com/q', questionnaireMessages.linkInvalid],
  ])('refuses %s', async (link, message) => {
    const { base, memberSession } = await setUpCollaboration(t, { questionnairesEnabled: true });
    const response = await sendLink(base, await memberSession(), link);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('knows which hosts are private', () => {
    expect(isPrivateHost('8.8.8.8')).toBe(false);
    expect(isPrivateHost('172.32.0.1')).toBe(false);
    expect(isPrivateHost('100.63.0.1')).toBe(false);
    expect(isPrivateHost('100.64.0.1')).toBe(true);
    expect(isPrivateHost('example.com')).toBe(false);
    expect(isPrivateHost('[2001:db8::1]')).toBe(false);
    expect(isPrivateHost('[fe80::1]')).toBe(true);
    expect(isPrivateHost('[::ffff:7f00:1]')).toBe(true);
  });
});

describe('questionnaire files', () => {
  it('stores a pdf and a csv checked by their bytes; staff download and mark them done', async () => {
    const { base, memberSession, staff } = await setUpCollaboration(t, { questionnairesEnabled: true });
    const member = await memberSession();
    expect((await sendFile(base, member, 'Security questionnaire.pdf', pdfBytes)).statusCode).toBe(201);
    expect(
      (await sendFile(base, member, 'answers.csv', Buffer.from('question,answer\nMFA?,yes\n'))).statusCode,
    ).toBe(201);
    const listed = await t.app.inject({ url: '/api/questionnaires', cookies: staff.cookies });
    const submissions = listed.json().submissions as Array<{
      id: string;
      originalName: string;
      downloadUrl: string;
      contentType: string;
    }>;
    const pdf = submissions.find((submission) => submission.originalName === 'Security questionnaire.pdf')!;
    expect(pdf.contentType).toBe('application/pdf');
    const download = await t.app.inject({ url: pdf.downloadUrl, cookies: staff.cookies });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfBytes)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/questionnaires/${pdf.id}`,
      cookies: staff.cookies,
      headers: staff.headers,
      payload: { status: 'done' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('done');
    expect(done.json().doneAt).not.toBeNull();
    // Another organisation's staff can neither download nor change it.
    const other = await setUpCollaboration(t, {});
    expect((await t.app.inject({ url: pdf.downloadUrl, cookies: other.staff.cookies })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/questionnaires', cookies: other.staff.cookies })).json().submissions,
    ).toEqual([]);
    expect((await t.app.inject({ url: pdf.downloadUrl })).statusCode).toBe(401);
  });

  it('refuses other types, lying extensions, empty files and oversized uploads, keeping nothing', async () => {
    const { base, memberSession, staff } = await setUpCollaboration(t, { questionnairesEnabled: true });
    const member = await memberSession();
    const png = await sendFile(base, member, 'questionnaire.pdf', pngBytes);
    expect(png.statusCode).toBe(400);
    expect(png.json().error.message).toBe(questionnaireMessages.fileTypeNotAllowed);
    expect((await sendFile(base, member, 'image.png', pngBytes)).statusCode).toBe(400);
    expect((await sendFile(base, member, 'notes.txt', Buffer.from('hello'))).statusCode).toBe(400);
    expect((await sendFile(base, member, 'binary.csv', Buffer.from([0, 1, 2, 3]))).statusCode).toBe(400);
    const empty = await sendFile(base, member, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(questionnaireMessages.fileEmpty);
    expect((await sendFile(base, member, '../../etc/passwd.pdf', pdfBytes)).statusCode).toBe(400);
    const oversized = Buffer.concat([pdfBytes, Buffer.alloc(questionnaireLimits.uploadMaxBytes)]);
    const tooLarge = await sendFile(base, member, 'huge.pdf', oversized);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(questionnaireMessages.fileTooLarge);
    const listed = await t.app.inject({ url: '/api/questionnaires', cookies: staff.cookies });
    expect(listed.json().submissions).toEqual([]);
  });
});

describe('who may submit', () => {
  it('needs questionnaires enabled and an authorised member with the CSRF header', async () => {
    const { base, organisation, memberSession, staff } = await setUpCollaboration(t, {
      questionnairesEnabled: false,
    });
    const member = await memberSession();
    const disabled = await sendLink(base, member, 'https://forms.example.com/q');
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error.message).toBe(questionnaireMessages.disabled);
    await setCustomisation(t, organisation.id, { questionnairesEnabled: true });
    const anonymous = await sendLink(base, { cookies: {}, headers: {} }, 'https://forms.example.com/q');
    expect(anonymous.statusCode).toBe(401);
    const declined = await memberSession({ reviewStatus: 'declined' });
    expect((await sendFile(base, declined, 'q.pdf', pdfBytes)).statusCode).toBe(401);
    expect((await sendLink(base, staff, 'https://forms.example.com/q')).statusCode).toBe(401);
    const noCsrf = await sendLink(
      base,
      { cookies: member.cookies, headers: {} },
      'https://forms.example.com/q',
    );
    expect(noCsrf.statusCode).toBe(403);
    expect((await sendLink(base, member, 'https://forms.example.com/q')).statusCode).toBe(201);
  });
});
