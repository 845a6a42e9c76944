import { and, asc, eq, sql } from 'drizzle-orm';
import { DraftAudience } from '../../../shared/questionnaire-drafts';
import type { Config } from '../../config';
import { findOrganisationById, listProducts } from '../../core';
import type { Database } from '../../db/client';
import { accountMembers, questionnaireDraftRows, questionnaireDrafts } from '../../db/schema';
import type { JobHandler } from '../../providers/jobs/types';
import { draftRows, loadEvidenceIndex } from './answering/draft-questionnaire';
import { type DraftingAudience, draftingViewer } from './answering/drafting-viewer';
import {
  createModelDrafter,
  draftRowsWithModel,
  type ModelDrafter,
  startModelRun,
} from './answering/model-draft';

export const draftQuestionnaireQueue = 'questionnaires.draft';
/** Rows drafted, then written, per step: the page shows them as they land, and a cancel stops within one. */
export const draftBatchSize = 25;

async function audienceOf(db: Database, stored: unknown): Promise<DraftingAudience | null> {
  const audience = DraftAudience.parse(stored);
  if (audience.kind !== 'member') return audience;
  const [member] = await db
    .select({ email: accountMembers.email })
    .from(accountMembers)
    .where(eq(accountMembers.id, audience.accountMemberId))
    .limit(1);
  return member ? { kind: 'member', email: member.email } : null;
}

async function isStillDrafting(db: Database, draftId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: questionnaireDrafts.status })
    .from(questionnaireDrafts)
    .where(eq(questionnaireDrafts.id, draftId))
    .limit(1);
  return row?.status === 'drafting';
}

/**
 * Drafts a questionnaire's pending rows in steps, reading as the draft's audience (issue 32 §5): a
 * cancel, the job's time limit or a shutdown stops it between steps; a rerun picks up the rows still
 * pending. A member who no longer exists gets nothing drafted: the draft fails, it does not widen.
 */
export function createDraftQuestionnaireHandler(deps: {
  db: Database;
  config: Config;
  modelDrafter?: ModelDrafter;
}): JobHandler {
  const drafter = deps.modelDrafter ?? (deps.config.ai ? createModelDrafter(deps.config.ai) : null);
  return async (payload, job) => {
    const draftId = String(payload.draftId);
    const [draft] = await deps.db
      .select()
      .from(questionnaireDrafts)
      .where(eq(questionnaireDrafts.id, draftId))
      .limit(1);
    if (draft?.status !== 'drafting') return;
    const organisation = await findOrganisationById(deps.db, draft.organisationId);
    const audience = await audienceOf(deps.db, draft.audience);
    const products = organisation ? await listProducts(deps.db, organisation.id) : [];
    const product = products.find((candidate) => candidate.id === draft.productId);
    const fail = () =>
      deps.db
        .update(questionnaireDrafts)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(eq(questionnaireDrafts.id, draftId));
    if (!organisation || !audience || !product) return void (await fail());
    const viewer = await draftingViewer(deps.db, organisation, audience);
    const index = await loadEvidenceIndex({ db: deps.db, viewer, config: deps.config }, product.slug);
    if (!index) return void (await fail());
    const modelRun = drafter ? startModelRun(drafter) : null;
    await deps.db
      .update(questionnaireDrafts)
      .set({ model: drafter?.model ?? null })
      .where(eq(questionnaireDrafts.id, draftId));
    for (;;) {
      if (job.signal?.aborted || !(await isStillDrafting(deps.db, draftId))) return;
      const pending = await deps.db
        .select()
        .from(questionnaireDraftRows)
        .where(and(eq(questionnaireDraftRows.draftId, draftId), eq(questionnaireDraftRows.state, 'pending')))
        .orderBy(asc(questionnaireDraftRows.position))
        .limit(draftBatchSize);
      if (pending.length === 0) break;
      const questions = pending.map((row) => ({
        sheet: row.sheet,
        row: row.row,
        question: row.question,
        controlId: row.controlId,
        section: row.section,
      }));
      const tokensBefore = modelRun?.tokens ?? 0;
      const drafted = modelRun
        ? await draftRowsWithModel(index, modelRun, questions)
        : draftRows(index, questions);
      const tokens = (modelRun?.tokens ?? 0) - tokensBefore;
      await deps.db.transaction(async (tx) => {
        if (tokens > 0) {
          await tx
            .update(questionnaireDrafts)
            .set({ tokensUsed: sql`${questionnaireDrafts.tokensUsed} + ${tokens}` })
            .where(eq(questionnaireDrafts.id, draftId));
        }
        for (const [position, row] of pending.entries()) {
          const draftRow = drafted[position]!;
          await tx
            .update(questionnaireDraftRows)
            .set({
              state: draftRow.status,
              answer: draftRow.answer,
              confidence: draftRow.confidence,
              note: draftRow.note,
              sources: draftRow.sources,
              controlId: row.controlId ?? draftRow.controlId ?? null,
              updatedAt: new Date(),
            })
            .where(and(eq(questionnaireDraftRows.id, row.id), eq(questionnaireDraftRows.state, 'pending')));
        }
      });
    }
    await deps.db
      .update(questionnaireDrafts)
      .set({ status: 'ready', updatedAt: new Date() })
      .where(and(eq(questionnaireDrafts.id, draftId), eq(questionnaireDrafts.status, 'drafting')));
  };
}
