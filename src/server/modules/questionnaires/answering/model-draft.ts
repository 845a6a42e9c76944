import { z } from 'zod';
import type { DraftReportRow } from '../../../../shared/questionnaire-drafts';
import type { QuestionRow } from '../../../../shared/questionnaire-layout';
import type { AiConfig } from '../../../config';
import { AnswerProviderError, requestChatCompletion } from '../../../providers/ai';
import {
  type Draft,
  draftAnswer,
  type EvidenceIndex,
  isNegated,
  isYesNoQuestion,
  sourceCoverageMin,
  splitControlId,
  statedPolarity,
  uniqueSources,
} from './draft-answer';
import { reportRow } from './draft-questionnaire';
import { type RetrievedSource, retrieveSources } from './retrieve-sources';
import { contentTerms, coverage, normaliseText } from './text-match';
import { topicsOf } from './topics';

/**
 * Drafting with a configured model (issue 32 §2): the model sees only the sources retrieved from the
 * viewer's evidence, must cite them, and its draft stands only when what it cites supports it (the
 * same coverage rule as the built-in answerer, items' states, figures found in the sources).
 */
export const ModelReply = z.object({
  answer: z.string().trim().max(2000).nullable(),
  sources: z.array(z.number().int()).max(20).default([]),
  reason: z.string().trim().max(1000).default(''),
});
export type ModelReply = z.infer<typeof ModelReply>;

export class ModelDraftError extends Error {}

export type ModelDrafter = {
  model: string;
  draft(question: string, sources: RetrievedSource[]): Promise<{ reply: ModelReply; tokens: number }>;
};

const noAnswer = 'null';
const systemPrompt = [
  "You draft answers to a security questionnaire from an organisation's trust center.",
  'Use only the numbered sources in the user message: never outside knowledge, never a guess.',
  'An item whose state is "not enabled" or "in progress" is not in place: it never makes a Yes.',
  `If the sources do not settle the question, the answer is ${noAnswer}.`,
  'Reply with one JSON object and nothing else:',
  '{"answer": "Yes" | "No" | "Partial" | "N/A" | "<at most two sentences in the sources\' words>" | null,',
  '"sources": [the numbers of the sources that state the answer], "reason": "<one sentence>"}',
].join(' ');

export function modelPrompt(question: string, sources: RetrievedSource[]) {
  const listed = sources.map((source, position) => `[${position + 1}] ${source.text}`).join('\n\n');
  return [
    { role: 'system' as const, content: systemPrompt },
    { role: 'user' as const, content: `Sources:\n\n${listed}\n\nQuestion: ${question}` },
  ];
}

/** The JSON object in a reply, also when a model wraps it in a code fence or a sentence. */
export function parseModelReply(text: string): ModelReply {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) throw new ModelDraftError('The model did not reply with a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new ModelDraftError('The model replied with JSON that does not parse');
  }
  const parsed = ModelReply.safeParse(value);
  if (!parsed.success) throw new ModelDraftError('The model replied without the fields asked for');
  return parsed.data;
}

const modelRequestTimeoutMs = 45_000;
const modelReplyTokensMax = 400;

export function createModelDrafter(
  config: AiConfig,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): ModelDrafter {
  return {
    model: config.model,
    async draft(question, sources) {
      try {
        const completion = await requestChatCompletion(config, modelPrompt(question, sources), {
          timeoutMs: options.timeoutMs ?? modelRequestTimeoutMs,
          maxTokens: modelReplyTokensMax,
          fetchImpl: options.fetchImpl,
        });
        return { reply: parseModelReply(completion.text), tokens: completion.tokens };
      } catch (error) {
        if (error instanceof AnswerProviderError) throw new ModelDraftError(error.message);
        throw error;
      }
    },
  };
}

const cannedAnswers = new Map([
  ['yes', 'Yes'],
  ['no', 'No'],
  ['partial', 'Partial'],
  ['partially', 'Partial'],
  ['n/a', 'N/A'],
  ['not applicable', 'N/A'],
]);

function polarityOf(answer: string): 'yes' | 'no' | null {
  if (answer === 'Yes') return 'yes';
  if (answer === 'No') return 'no';
  if (answer === 'Partial' || answer === 'N/A') return null;
  return statedPolarity(answer);
}

function demoted(note: string, sources: RetrievedSource[]): Draft {
  return {
    answer: null,
    status: 'needs_answer',
    confidence: null,
    note: `The model's draft was not used: ${note}`,
    sources: sources.map((source) => source.source),
  };
}

const figurePattern = /\d+(?:[.,]\d+)?/g;

/**
 * Whether what the model cites supports what it says; a draft that fails any test is "needs an
 * answer", with the reason, never a softened answer. The built-in draft is the second reader: where
 * the two disagree on yes or no, a person decides.
 */
export function checkModelDraft(args: {
  index: EvidenceIndex;
  question: string;
  reply: ModelReply;
  retrieved: RetrievedSource[];
  builtIn: Draft;
}): Draft {
  const { index, reply, retrieved, builtIn } = args;
  if (reply.answer === null || reply.answer === '' || reply.answer.toLowerCase() === noAnswer) {
    if (builtIn.status === 'drafted') {
      return {
        ...builtIn,
        confidence: 'low',
        note: `${builtIn.note} The model found no answer in the sources; the built-in answerer did.`.trim(),
      };
    }
    return { ...builtIn, note: `The model found no answer in the sources. ${builtIn.note}`.trim() };
  }
  const numbers = [...new Set(reply.sources)];
  if (numbers.length === 0 || numbers.some((number) => number < 1 || number > retrieved.length)) {
    return demoted('it cites no source it was given.', []);
  }
  const cited = numbers.map((number) => retrieved[number - 1]!);
  const withoutMarkers = reply.answer.replace(/\s*\[\d+\]/g, '').trim();
  const answer = cannedAnswers.get(withoutMarkers.replace(/[.!]$/, '').toLowerCase()) ?? withoutMarkers;
  if (answer === 'N/A') return demoted('whether a question does not apply is for a person to say.', cited);

  const { text } = splitControlId(args.question);
  const normalised = normaliseText(text);
  const questionTerms = contentTerms(text);
  const citedTerms = cited.flatMap((source) => source.terms);
  const topicWords = topicsOf(normalised).flatMap((topic) =>
    contentTerms(`${topic.label} ${topic.pattern.source.replace(/\\b|[^a-z ]/gi, ' ')}`),
  );
  if (coverage(questionTerms, [...citedTerms, ...topicWords], index.weight) < sourceCoverageMin) {
    return demoted('the sources it cites do not speak to everything the question asks.', cited);
  }
  const polarity = polarityOf(answer);
  if ((answer === 'Yes' || answer === 'No') && !isYesNoQuestion(normalised)) {
    return demoted(`a bare ${answer.toLowerCase()} does not answer an open question.`, cited);
  }
  const contrary = cited.find((source) =>
    polarity === 'yes'
      ? source.stance === 'no' || source.stance === 'not_enabled' || source.stance === 'in_progress'
      : polarity === 'no'
        ? source.stance === 'yes' || source.stance === 'in_progress'
        : false,
  );
  if (contrary) {
    return demoted(`it answers ${polarity} citing "${contrary.source.title}", which says otherwise.`, cited);
  }
  if (polarity === 'no' && !cited.some((source) => source.stance === 'no')) {
    return demoted('nothing it cites says no; a control not enabled is for a person to answer.', cited);
  }
  const isCanned = cannedAnswers.has(answer.toLowerCase());
  if (!isCanned) {
    const citedText = cited.map((source) => source.text).join(' ');
    const figures = new Set(citedText.match(figurePattern) ?? []);
    const invented = (answer.match(figurePattern) ?? []).find((figure) => !figures.has(figure));
    if (invented) return demoted(`it states ${invented}, which no source it cites does.`, cited);
    if (coverage(contentTerms(answer), [...citedTerms, ...questionTerms], index.weight) < 0.6) {
      return demoted('it says things the sources it cites do not.', cited);
    }
  }
  const builtInPolarity = builtIn.status === 'drafted' && builtIn.answer ? polarityOf(builtIn.answer) : null;
  if (polarity && builtInPolarity && polarity !== builtInPolarity) {
    return {
      answer: null,
      status: 'needs_answer',
      confidence: null,
      note: 'The model and the built-in answerer disagree on yes or no; check the sources.',
      sources: uniqueSources([...cited.map((source) => source.source), ...builtIn.sources]),
    };
  }
  const agrees = polarity !== null && polarity === builtInPolarity;
  return {
    answer,
    status: 'drafted',
    confidence: agrees ? 'high' : cited.length > 1 ? 'medium' : 'low',
    note: `Drafted by the model${reply.reason ? `: ${reply.reason}` : '.'}`,
    sources: uniqueSources(cited.map((source) => source.source)),
  };
}

/** Consecutive failed calls after which a run stops asking the model and drafts the rest offline. */
export const modelFailuresBeforeGivingUp = 3;

/** A drafting run's dealings with the model, carried across its steps. */
export type ModelRun = {
  drafter: ModelDrafter;
  tokens: number;
  consecutiveFailures: number;
  lastFailure: string | null;
};

export function startModelRun(drafter: ModelDrafter): ModelRun {
  return { drafter, tokens: 0, consecutiveFailures: 0, lastFailure: null };
}

/**
 * One question with the model: a negated yes/no question is not sent (the built-in answerer leaves it
 * for a person), a failed call falls back to the built-in draft and says so.
 */
export async function draftWithModel(index: EvidenceIndex, run: ModelRun, question: string): Promise<Draft> {
  const builtIn = draftAnswer(index, question);
  const normalised = normaliseText(splitControlId(question).text);
  if (isYesNoQuestion(normalised) && isNegated(normalised)) return builtIn;
  if (run.consecutiveFailures >= modelFailuresBeforeGivingUp) {
    return { ...builtIn, note: `${builtIn.note} (Model not asked: ${run.lastFailure})`.trim() };
  }
  const retrieved = retrieveSources(index, question);
  if (retrieved.length === 0) return builtIn;
  try {
    const { reply, tokens } = await run.drafter.draft(question, retrieved);
    run.tokens += tokens;
    run.consecutiveFailures = 0;
    return checkModelDraft({ index, question, reply, retrieved, builtIn });
  } catch (error) {
    if (!(error instanceof ModelDraftError)) throw error;
    run.consecutiveFailures += 1;
    run.lastFailure = error.message;
    return { ...builtIn, note: `${builtIn.note} (Model failed: ${error.message}; built-in draft.)`.trim() };
  }
}

const modelConcurrency = 4;

/** The rows of one step, a few questions at a time: an endpoint is not flooded, a step stays short. */
export async function draftRowsWithModel(
  index: EvidenceIndex,
  run: ModelRun,
  questions: QuestionRow[],
): Promise<DraftReportRow[]> {
  const drafts: Draft[] = new Array(questions.length);
  let next = 0;
  const worker = async () => {
    while (next < questions.length) {
      const position = next++;
      drafts[position] = await draftWithModel(index, run, questions[position]!.question);
    }
  };
  await Promise.all(Array.from({ length: Math.min(modelConcurrency, questions.length) }, worker));
  return questions.map((question, position) => reportRow(question, drafts[position]!));
}
