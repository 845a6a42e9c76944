// @postgres: drafting runs as a job over rows written in transactions, and reads the gate's views.
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DraftDetail,
  type DraftPreview,
  type DraftRowView,
  draftMessages,
  publishMessages,
  questionnaireImportMessages,
} from '../../../shared/questionnaire-drafts';
import { findOrganisationBySlug } from '../../core';
import { accountMembers, knowledgeBaseEntries, questionnaireSubmissions, staffUsers } from '../../db/schema';
import { newStorageKey } from '../../providers/storage';
import { createStaffUser } from '../../test/factories';
import { createSignedInMember, createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { linkIn, mailsTo } from '../access/test-support';
import { seedDemoForDrafting } from './answering/test-support/demo-drafting';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createTestSession>>;
let productId: string;

/** A CAIQ-style workbook with a styled header, a section row and these questions. */
async function caiqBytes(questions: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('CAIQ');
  const header = sheet.addRow([
    'Question ID',
    'Question',
    'CSP CAIQ Answer',
    'CSP Implementation Description',
  ]);
  header.getCell(3).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFEEAA' } };
  sheet.addRow(['Governance']);
  for (const [index, question] of questions.entries()) {
    sheet.addRow([`GRC-${String(index + 1).padStart(2, '0')}.1`, question, '', '']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const questions = [
  'Do you hold a current SOC 2 Type II report?',
  'Is customer data encrypted at rest?',
  'Do you maintain a software bill of materials for each release?',
  'Which FAQ entries are internal only?',
];

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, productId } = await seedDemoForDrafting(t));
}, 120_000);
afterAll(async () => {
  await t.close();
});

const asStaff = { cookies: () => staff.cookies, headers: () => staff.headers };

async function upload(bytes: Buffer, name = 'vendor-review.xlsx') {
  return t.app.inject({
    method: 'POST',
    url: `/api/questionnaire-drafts?name=${encodeURIComponent(name)}`,
    cookies: asStaff.cookies(),
    headers: { ...asStaff.headers(), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

async function draftAs(audience: object): Promise<DraftDetail> {
  const preview = (await upload(await caiqBytes(questions))).json() as DraftPreview;
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/questionnaire-drafts/${preview.draft.id}/start`,
    cookies: asStaff.cookies(),
    headers: asStaff.headers(),
    payload: { mappings: preview.detected.map((entry) => entry.mapping), productId, audience },
  });
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json().draft.status).toBe('drafting');
  await t.providers.jobs.drain();
  const detail = await t.app.inject({
    url: `/api/questionnaire-drafts/${preview.draft.id}`,
    cookies: asStaff.cookies(),
  });
  return detail.json() as DraftDetail;
}

function patchRow(draftId: string, rowId: string, payload: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/questionnaire-drafts/${draftId}/rows/${rowId}`,
    cookies: asStaff.cookies(),
    headers: asStaff.headers(),
    payload,
  });
}

describe('drafting a questionnaire in the console', () => {
  it('reads an upload, finds its columns, drafts every row in the background and shows the sources', async () => {
    const response = await upload(await caiqBytes(questions));
    expect(response.statusCode, response.body).toBe(201);
    const preview = response.json() as DraftPreview;
    expect(preview.detected).toEqual([
      {
        layout: 'caiq',
        mapping: {
          sheet: 'CAIQ',
          headerRow: 1,
          questionColumn: 2,
          answerColumn: 3,
          commentColumn: 4,
          controlIdColumn: 1,
          sectionColumn: null,
        },
      },
    ]);
    expect(preview.sheets[0]!.rows[0]).toEqual([
      'Question ID',
      'Question',
      'CSP CAIQ Answer',
      'CSP Implementation Description',
    ]);
    const detail = await draftAs({ kind: 'staff' });
    expect(detail.draft).toMatchObject({ status: 'ready', rowCount: 4 });
    expect(detail.rows.map((row) => [row.controlId, row.section, row.state])).toEqual([
      ['GRC-01.1', 'Governance', 'drafted'],
      ['GRC-02.1', 'Governance', 'drafted'],
      ['GRC-03.1', 'Governance', 'needs_answer'],
      ['GRC-04.1', 'Governance', 'needs_answer'],
    ]);
    expect(detail.rows[0]).toMatchObject({ answer: 'Yes', confidence: 'high' });
    expect(detail.rows[0]!.sources.some((source) => source.access === 'restricted')).toBe(true);
    expect(detail.draft.restrictedRows).toBeGreaterThan(0);
  });

  it('drafts for a member with only what that member may read', async () => {
    const [hank] = await t.database.db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.email, 'hank.scorpio@globex.example'));
    const detail = await draftAs({ kind: 'member', accountMemberId: hank!.id });
    const anonymous = await draftAs({ kind: 'anonymous' });
    expect(detail.draft.audience).toEqual({ kind: 'member', accountMemberId: hank!.id });
    for (const source of anonymous.rows.flatMap((row) => row.sources)) expect(source.access).toBe('public');
    for (const source of detail.rows.flatMap((row) => row.sources)) {
      expect(source.kind === 'faq' && source.access === 'hidden').toBe(false);
    }
  });

  it('reviews rows: accept, answer, reopen, assign, comment; refuses accepting nothing', async () => {
    const detail = await draftAs({ kind: 'staff' });
    const [soc2, , sbom] = detail.rows as [DraftRowView, DraftRowView, DraftRowView];
    const accepted = await patchRow(detail.draft.id, soc2.id, { action: 'accept' });
    expect(accepted.json()).toMatchObject({ state: 'accepted', answer: 'Yes' });
    const refused = await patchRow(detail.draft.id, sbom.id, { action: 'accept' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(draftMessages.answerRequired);
    const empty = await patchRow(detail.draft.id, sbom.id, { action: 'answer', answer: '  ' });
    expect(empty.json().error.message).toContain(draftMessages.answerRequired);
    const answered = await patchRow(detail.draft.id, sbom.id, {
      action: 'answer',
      answer: 'Yes, with every release.',
    });
    expect(answered.json()).toMatchObject({ state: 'edited', answer: 'Yes, with every release.' });
    const [admin] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'admin@acme.example'));
    expect(
      (await patchRow(detail.draft.id, sbom.id, { action: 'assign', assigneeStaffUserId: admin!.id })).json()
        .assigneeStaffUserId,
    ).toBe(admin!.id);
    expect(
      (
        await patchRow(detail.draft.id, sbom.id, { action: 'comment', comment: 'Check with engineering.' })
      ).json().comment,
    ).toBe('Check with engineering.');
    expect((await patchRow(detail.draft.id, soc2.id, { action: 'reopen' })).json().state).toBe('drafted');
  });

  it('saves a written answer to the knowledge base, so the next questionnaire is answered from it', async () => {
    const detail = await draftAs({ kind: 'staff' });
    const sbom = detail.rows[2]!;
    await patchRow(detail.draft.id, sbom.id, {
      action: 'answer',
      answer: 'Yes. An SBOM in CycloneDX format is produced for every release.',
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/questionnaire-drafts/${detail.draft.id}/rows/${sbom.id}/knowledge-base`,
      cookies: asStaff.cookies(),
      headers: asStaff.headers(),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(knowledgeBaseEntries)
      .where(eq(knowledgeBaseEntries.question, sbom.question));
    expect(entry).toMatchObject({
      sourceType: 'questionnaire',
      sourceName: 'vendor-review.xlsx',
      accessLevel: 'public',
      productIds: [productId],
    });
    const again = await draftAs({ kind: 'staff' });
    expect(again.rows[2]).toMatchObject({ state: 'drafted', answer: 'Yes' });
  });

  it('exports the answered workbook in its original layout, and as CSV', async () => {
    const detail = await draftAs({ kind: 'staff' });
    const xlsx = await t.app.inject({
      url: `/api/questionnaire-drafts/${detail.draft.id}/export`,
      cookies: asStaff.cookies(),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('vendor-review (answered).xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('CAIQ')!;
    expect(sheet.getCell('C3').value).toBe('Yes');
    expect(String(sheet.getCell('D3').value)).toMatch(/^Sources: /);
    expect(sheet.getCell('C6').value).toBe('');
    expect(String(sheet.getCell('D6').value)).toMatch(/^Needs an answer\./);
    expect(sheet.getCell('C1').fill).toEqual({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFFFEEAA' },
    });
    const csv = await t.app.inject({
      url: `/api/questionnaire-drafts/${detail.draft.id}/export?format=csv`,
      cookies: asStaff.cookies(),
    });
    expect(csv.body.split('\n')[2]).toMatch(
      /^GRC-01\.1,Do you hold a current SOC 2 Type II report\?,Yes,"?Sources: /,
    );
  });

  it('cancels drafting: the job stops and rows not drafted stay waiting', async () => {
    const preview = (await upload(await caiqBytes(questions))).json() as DraftPreview;
    const base = `/api/questionnaire-drafts/${preview.draft.id}`;
    await t.app.inject({
      method: 'POST',
      url: `${base}/start`,
      cookies: asStaff.cookies(),
      headers: asStaff.headers(),
      payload: {
        mappings: preview.detected.map((entry) => entry.mapping),
        productId,
        audience: { kind: 'staff' },
      },
    });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${base}/cancel`,
      cookies: asStaff.cookies(),
      headers: asStaff.headers(),
    });
    expect(cancelled.json().draft.status).toBe('cancelled');
    await t.providers.jobs.drain();
    const detail = (await t.app.inject({ url: base, cookies: asStaff.cookies() })).json() as DraftDetail;
    expect(detail.draft.status).toBe('cancelled');
    expect(detail.rows.every((row) => row.state === 'pending')).toBe(true);
  });

  it('refuses what it must, with messages that say what to do, and only to staff', async () => {
    const notSpreadsheet = await upload(Buffer.from('%PDF-1.7\n'), 'questions.pdf');
    expect(notSpreadsheet.statusCode).toBe(400);
    expect(notSpreadsheet.json().error.message).toBe(questionnaireImportMessages.notSpreadsheet);
    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire-drafts/pasted',
      cookies: asStaff.cookies(),
      headers: asStaff.headers(),
      payload: { text: '' },
    });
    expect(nothing.statusCode).toBe(400);
    const preview = (await upload(await caiqBytes(questions))).json() as DraftPreview;
    const wrongSheet = await t.app.inject({
      method: 'POST',
      url: `/api/questionnaire-drafts/${preview.draft.id}/start`,
      cookies: asStaff.cookies(),
      headers: asStaff.headers(),
      payload: {
        mappings: [{ ...preview.detected[0]!.mapping, sheet: 'Nope' }],
        productId,
        audience: { kind: 'staff' },
      },
    });
    expect(wrongSheet.json().error.message).toBe(draftMessages.mappingSheetUnknown);
    const organisation = (await findOrganisationBySlug(t.database.db, 'acme'))!;
    const member = await createSignedInMember(t.database.db, organisation.id, { reviewStatus: 'approved' });
    const asMember = await t.app.inject({
      url: '/api/questionnaire-drafts',
      cookies: member.session.cookies,
    });
    expect([401, 403]).toContain(asMember.statusCode);
    const anonymous = await t.app.inject({ url: `/api/questionnaire-drafts/${preview.draft.id}/export` });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it('drafts pasted questions', async () => {
    const pasted = await t.app.inject({
      method: 'POST',
      url: '/api/questionnaire-drafts/pasted',
      cookies: asStaff.cookies(),
      headers: asStaff.headers(),
      payload: { name: 'Call notes', text: 'Do you support SSO?\nIs MFA enforced for employees?\n' },
    });
    expect(pasted.statusCode, pasted.body).toBe(201);
    expect((pasted.json() as DraftPreview).detected[0]!.mapping.questionColumn).toBe(1);
  });
});

describe('returning the answers to the member who sent the questionnaire', () => {
  it('asks before sending answers the member may not read, then shows them answered in the portal', async () => {
    const db = t.database.db;
    const organisation = (await findOrganisationBySlug(db, 'acme'))!;
    const [hank] = await db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.email, 'hank.scorpio@globex.example'));
    const storageKey = newStorageKey(organisation.id);
    const bytes = await caiqBytes([
      'Do you hold a current SOC 2 Type II report?',
      'Who holds the AWS root account credentials?',
    ]);
    await t.providers.storage.put(storageKey, Readable.from([bytes]), {
      contentType: 'application/octet-stream',
      contentLength: bytes.length,
    });
    const [submission] = await db
      .insert(questionnaireSubmissions)
      .values({
        organisationId: organisation.id,
        accountId: hank!.accountId,
        accountMemberId: hank!.id,
        kind: 'file',
        storageKey,
        originalName: 'globex-review.xlsx',
        sizeBytes: bytes.length,
      })
      .returning();
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/questionnaires/${submission!.id}/draft`,
      cookies: asStaff.cookies(),
      headers: asStaff.headers(),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const preview = opened.json() as DraftPreview;
    expect(preview.draft.submissionMember).toEqual({ accountMemberId: hank!.id, name: 'Hank Scorpio' });
    await t.app.inject({
      method: 'POST',
      url: `/api/questionnaire-drafts/${preview.draft.id}/start`,
      cookies: asStaff.cookies(),
      headers: asStaff.headers(),
      payload: {
        mappings: preview.detected.map((entry) => entry.mapping),
        productId,
        audience: { kind: 'staff' },
      },
    });
    await t.providers.jobs.drain();
    const publish = (confirmUnreadable: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/questionnaire-drafts/${preview.draft.id}/publish`,
        cookies: asStaff.cookies(),
        headers: asStaff.headers(),
        payload: { confirmUnreadable },
      });
    const readOnly = await createStaffUser(db, organisation.id, { role: 'viewer' });
    const readOnlySession = await createTestSession(db, {
      organisationId: organisation.id,
      staffUserId: readOnly.id,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/questionnaire-drafts/${preview.draft.id}/publish`,
      cookies: readOnlySession.cookies,
      headers: readOnlySession.headers,
      payload: { confirmUnreadable: true },
    });
    expect(refused.statusCode).toBe(403);
    const held = await publish(false);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe(publishMessages.unreadable(1));
    const answeredMails = async () =>
      (await mailsTo(t, hank!.email)).filter((mail) => mail.subject.startsWith('Your questionnaire'));
    expect(await answeredMails()).toEqual([]);
    const member = await createTestSession(db, {
      organisationId: organisation.id,
      accountMemberId: hank!.id,
    });
    const before = await t.app.inject({
      url: '/api/statuspage/share/acme/questionnaires',
      cookies: member.cookies,
    });
    expect(
      before.json().questionnaires.find((entry: { id: string }) => entry.id === submission!.id),
    ).toMatchObject({ status: 'in_review', downloadUrl: null });
    expect((await publish(true)).statusCode).toBe(200);
    const [mail] = await answeredMails();
    expect(mail?.subject).toBe('Your questionnaire has been answered: globex-review.xlsx');
    expect(linkIn(mail!).toString()).toBe('http://attest.test/acme?submitQuestionnaire=true');
    const after = await t.app.inject({
      url: '/api/statuspage/share/acme/questionnaires',
      cookies: member.cookies,
    });
    const answered = after.json().questionnaires.find((entry: { id: string }) => entry.id === submission!.id);
    expect(answered).toMatchObject({ status: 'answered', name: 'globex-review.xlsx' });
    const download = await t.app.inject({ url: answered.downloadUrl, cookies: member.cookies });
    expect(download.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.getWorksheet('CAIQ')!.getCell('C3').value).toBe('Yes');
    const stranger = await createSignedInMember(db, organisation.id, { reviewStatus: 'approved' });
    expect(
      (await t.app.inject({ url: answered.downloadUrl, cookies: stranger.session.cookies })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: answered.downloadUrl })).statusCode).toBe(401);
  });
});
