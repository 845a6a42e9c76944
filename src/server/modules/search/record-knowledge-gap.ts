import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knowledgeBaseGaps } from '../../db/schema';

const normalizedMaxLength = 500;

/** Same question, same gap: case, spacing and trailing punctuation do not make a new one. */
export function normalizeQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?!.]+$/, '')
    .trim()
    .slice(0, normalizedMaxLength);
}

/** A question Ask AI could not answer becomes (or counts up) a gap staff can fill. */
export async function recordKnowledgeGap(
  db: Database,
  gap: { organisationId: string; productId: string | null; question: string },
): Promise<void> {
  const normalizedQuestion = normalizeQuestion(gap.question);
  if (!normalizedQuestion) return;
  await db
    .insert(knowledgeBaseGaps)
    .values({ ...gap, normalizedQuestion })
    .onConflictDoUpdate({
      target: [knowledgeBaseGaps.organisationId, knowledgeBaseGaps.normalizedQuestion],
      set: { askCount: sql`${knowledgeBaseGaps.askCount} + 1`, lastAskedAt: sql`now()` },
    });
}
