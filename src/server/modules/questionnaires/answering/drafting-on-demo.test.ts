// @postgres: drafting reads every view of the gate (cards, search scope, grants) for several viewers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelledQuestions } from '../../../../../bench/questionnaire-questions';
import { judge, summarise } from '../../../../../bench/questionnaire-score';
import { findOrganisationBySlug } from '../../../core';
import type { ViewerOrganisation } from '../../../policy/viewer';
import { seedDemoOrganisation } from '../../../seed/demo';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { readPastedQuestions } from '../workbook/read-questionnaire';
import { consistencyReport, draftRows, importQuestions, loadEvidenceIndex } from './draft-questionnaire';
import { type DraftingAudience, draftingViewer } from './drafting-viewer';

let t: TestApp;
let organisation: ViewerOrganisation;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrganisation(t.database.db, {
    adminPassword: 'demo password 1234',
    storage: t.providers.storage,
  });
  organisation = (await findOrganisationBySlug(t.database.db, 'acme'))!;
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function draftAs(audience: DraftingAudience, questions: string[]) {
  const viewer = await draftingViewer(t.database.db, organisation, audience);
  const index = await loadEvidenceIndex({ db: t.database.db, viewer, config: t.config });
  const imported = importQuestions(readPastedQuestions(questions.join('\n')).sheets);
  return draftRows(index!, imported.questions);
}

describe('drafting the demo organisation\u2019s questionnaire', () => {
  it('drafts the labelled questionnaire with no answer against its labels, and leaves what nothing settles', async () => {
    const rows = await draftAs(
      { kind: 'staff' },
      labelledQuestions.map((question) => question.question),
    );
    expect(rows).toHaveLength(labelledQuestions.length);
    const outcomes = labelledQuestions.map((labelled, position) => ({
      labelled,
      outcome: judge(labelled, rows[position]!),
    }));
    const figures = summarise(outcomes);
    expect(
      outcomes.filter(({ outcome }) => outcome === 'contradiction').map(({ labelled }) => labelled.question),
    ).toEqual([]);
    expect(figures.answeredRight / figures.answerable).toBeGreaterThanOrEqual(0.7);
    expect(figures.leftOpen / figures.unsupported).toBeGreaterThanOrEqual(0.9);
    for (const row of rows) {
      if (row.status === 'drafted') expect(row.sources.length, row.question).toBeGreaterThan(0);
      else expect(row.answer, row.question).toBeNull();
    }
  });

  it('drafts for the public and for a member from only what they may read', async () => {
    const questions = labelledQuestions.map((question) => question.question);
    const [staff, anonymous, approved, declined] = await Promise.all([
      draftAs({ kind: 'staff' }, questions),
      draftAs({ kind: 'anonymous' }, questions),
      draftAs({ kind: 'member', email: 'hank.scorpio@globex.example' }, questions),
      draftAs({ kind: 'member', email: 'art@vandelay.example' }, questions),
    ]);
    const accessOf = (rows: typeof staff) =>
      new Set(rows.flatMap((row) => row.sources.map((source) => source.access)));
    expect(accessOf(staff)).toEqual(new Set(['public', 'restricted', 'hidden']));
    expect(accessOf(anonymous)).toEqual(new Set(['public']));
    expect(accessOf(approved).has('restricted')).toBe(true);
    // Internal knowledge-base entries are staff's alone; Globex's profile may open hidden items, not them.
    const internalAnswers = (rows: typeof staff) =>
      rows
        .flatMap((row) => row.sources)
        .filter((source) => source.kind === 'faq' && source.access === 'hidden');
    expect(internalAnswers(staff).length).toBeGreaterThan(0);
    expect(internalAnswers(approved)).toEqual([]);
    // A declined account reads what the public reads, no more.
    expect(declined).toEqual(anonymous);
    const drafted = (rows: typeof staff) => rows.filter((row) => row.status === 'drafted').length;
    expect(drafted(anonymous)).toBeLessThan(drafted(approved));
    expect(drafted(approved)).toBeLessThanOrEqual(drafted(staff));
    // The SOC 2 auditor is on a restricted report and a public card: the public still gets an answer.
    const auditor = anonymous.find((row) => /auditor of your SOC 2/.test(row.question))!;
    expect(auditor.answer).toMatch(/Schellman/);
  });

  it('finds the demo\u2019s one contradiction: a registry listing claimed in an answer, not enabled on its card', async () => {
    const viewer = await draftingViewer(t.database.db, organisation, { kind: 'staff' });
    const index = await loadEvidenceIndex({ db: t.database.db, viewer, config: t.config });
    const found = consistencyReport(index!);
    expect(found.map((contradiction) => contradiction.topic)).toEqual([
      'CSA STAR: an answer says yes, the card lists it as not enabled',
    ]);
    expect(found[0]!.statements.map((statement) => statement.source.kind)).toEqual(['faq', 'certification']);
  });
});
