import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftDetail, DraftPreview } from '../../../shared/questionnaire-drafts';
import { findOrganisationBySlug } from '../../core';
import type { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { draftingViewer } from './answering/drafting-viewer';
import { findEvidenceProduct, loadEvidence } from './answering/evidence';
import { seedDemoForDrafting } from './answering/test-support/demo-drafting';
import {
  type ChatRequest,
  promptOf,
  sendCompletion,
  startFakeChatServer,
} from './answering/test-support/fake-chat-server';

let t: TestApp;
let model: Awaited<ReturnType<typeof startFakeChatServer>>;
let staff: Awaited<ReturnType<typeof createTestSession>>;
let productId: string;

const questions = [
  'Do you hold a current SOC 2 Type II report?',
  'Is customer data encrypted at rest?',
  'How quickly do you notify customers of a security breach?',
  'Do you perform penetration tests at least annually?',
];

beforeAll(async () => {
  model = await startFakeChatServer();
  t = await createTestApp({ AI_BASE_URL: model.baseUrl, AI_MODEL: 'local-model' });
  ({ staff, productId } = await seedDemoForDrafting(t));
}, 120_000);
afterAll(async () => {
  await t.close();
  await model.close();
});

/** The model answers the encryption question from the source that says so, and nothing else. */
function answerEncryptionOnly(request: ChatRequest, response: Parameters<typeof sendCompletion>[0]) {
  const { question, sources } = promptOf(request);
  const cited = sources.findIndex((source) => /encrypt/i.test(source) && /at rest/i.test(source)) + 1;
  if (question.includes('encrypted at rest') && cited > 0) {
    sendCompletion(response, JSON.stringify({ answer: 'Yes', sources: [cited], reason: 'Stated.' }), 150);
  } else sendCompletion(response, '{"answer": null, "sources": [], "reason": "Not stated."}', 100);
}

async function draftAs(audience: object): Promise<{ detail: DraftDetail; prompts: ChatRequest[] }> {
  const before = model.requests.length;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/questionnaire-drafts/pasted',
    cookies: staff.cookies,
    headers: staff.headers,
    payload: { name: 'Pasted questions', text: questions.join('\n') },
  });
  expect(created.statusCode, created.body).toBe(201);
  const preview = created.json() as DraftPreview;
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/questionnaire-drafts/${preview.draft.id}/start`,
    cookies: staff.cookies,
    headers: staff.headers,
    payload: { mappings: preview.detected.map((entry) => entry.mapping), productId, audience },
  });
  expect(started.statusCode, started.body).toBe(202);
  await t.providers.jobs.drain();
  const detail = await t.app.inject({
    url: `/api/questionnaire-drafts/${preview.draft.id}`,
    cookies: staff.cookies,
  });
  return { detail: detail.json() as DraftDetail, prompts: model.requests.slice(before) };
}

/** Texts staff may read that the public may not: none of them may reach a model drafting for the public. */
async function textsOnlyStaffRead(): Promise<string[]> {
  const organisation = (await findOrganisationBySlug(t.database.db, 'acme'))!;
  const evidenceAs = async (kind: 'staff' | 'anonymous') => {
    const viewer = await draftingViewer(t.database.db, organisation, { kind });
    const ctx = { db: t.database.db, viewer, config: t.config };
    return loadEvidence(ctx, (await findEvidenceProduct(ctx, 'payroll'))!);
  };
  const [asStaff, asPublic] = await Promise.all([evidenceAs('staff'), evidenceAs('anonymous')]);
  const publicTexts = new Set([
    ...asPublic.faq.map((entry) => entry.answer),
    ...asPublic.items.map((item) => item.explanation),
    ...asPublic.passages.map((passage) => passage.text),
  ]);
  return [
    ...asStaff.faq.filter((entry) => entry.access !== 'public').map((entry) => entry.answer),
    ...asStaff.items.filter((item) => item.access !== 'public').map((item) => item.explanation),
    ...asStaff.passages.filter((passage) => passage.access !== 'public').map((passage) => passage.text),
  ].filter((text) => text.length > 30 && !publicTexts.has(text));
}

describe('drafting a questionnaire with a configured model', () => {
  it('drafts from the model where its citations hold, counts its tokens and names it on the draft', async () => {
    model.onRequest(answerEncryptionOnly);
    const { detail, prompts } = await draftAs({ kind: 'staff' });
    expect(detail.draft).toMatchObject({ status: 'ready', model: 'local-model' });
    expect(prompts.length).toBeGreaterThan(0);
    expect(detail.draft.tokensUsed).toBe(
      prompts.reduce(
        (sum, request) => sum + (promptOf(request).question.includes('encrypted') ? 150 : 100),
        0,
      ),
    );
    const encryption = detail.rows.find((row) => row.question.includes('encrypted at rest'))!;
    expect(encryption).toMatchObject({ state: 'drafted', answer: 'Yes' });
    expect(encryption.note).toBe('Drafted by the model: Stated.');
    expect(encryption.sources.length).toBe(1);
  });

  it('shows a model drafting for the public nothing the public may not read', async () => {
    model.onRequest(answerEncryptionOnly);
    const hidden = await textsOnlyStaffRead();
    expect(hidden.length).toBeGreaterThan(0);
    const seen = (prompts: ChatRequest[]) => {
      const sent = prompts.map((request) => promptOf(request).sources.join('\n')).join('\n');
      return hidden.filter((text) => sent.includes(text.slice(0, 60)));
    };
    const forStaff = await draftAs({ kind: 'staff' });
    // The questions do reach restricted content: staff's prompts carry some of it.
    expect(seen(forStaff.prompts).length).toBeGreaterThan(0);
    const forPublic = await draftAs({ kind: 'anonymous' });
    expect(forPublic.prompts.length).toBeGreaterThan(0);
    expect(seen(forPublic.prompts)).toEqual([]);
    for (const source of forPublic.detail.rows.flatMap((row) => row.sources))
      expect(source.access).toBe('public');
  });
});
