import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Draft, draftAnswer, indexEvidence } from './draft-answer';
import {
  checkModelDraft,
  createModelDrafter,
  draftRowsWithModel,
  ModelDraftError,
  type ModelReply,
  modelFailuresBeforeGivingUp,
  parseModelReply,
  startModelRun,
} from './model-draft';
import { retrieveSources } from './retrieve-sources';
import {
  evidenceOf as evidence,
  evidenceFaq as faq,
  evidenceItem as item,
} from './test-support/evidence-builders';
import { promptOf, sendCompletion, startFakeChatServer } from './test-support/fake-chat-server';

const mfa = item({
  title: 'Multi-factor authentication',
  catalogueKey: 'product-features.mfa',
  card: 'ProductFeatures',
  cardTitle: 'Product Security Features',
  explanation: 'TOTP apps and security keys; admins can require MFA for users.',
});
const fedramp = item({
  title: 'FedRAMP',
  catalogueKey: 'certifications.fedramp',
  card: 'Certifications',
  cardTitle: 'Certifications',
  state: 'NotEnabled',
});
const backups = item({
  title: 'Data backups',
  catalogueKey: 'data-security.data-backups',
  explanation: 'Backups are taken daily and kept for 30 days.',
});
const breach = faq(
  'How quickly do you notify customers of a data breach?',
  'Within 72 hours of confirming a breach, by e-mail to the account owner.',
);
const training = faq(
  'Do you train AI models on customer data?',
  'No. Customer data is never used to train models.',
);
const index = indexEvidence(evidence({ items: [mfa, fedramp, backups], faq: [breach, training] }));

/** The model's reply checked against the sources it was given, citing them by title. */
function verdict(question: string, reply: (n: (title: string) => number) => ModelReply, builtIn?: Draft) {
  const retrieved = retrieveSources(index, question);
  const numberOf = (title: string) =>
    retrieved.findIndex((source) => source.source.title.includes(title)) + 1;
  return checkModelDraft({
    index,
    question,
    reply: reply(numberOf),
    retrieved,
    builtIn: builtIn ?? draftAnswer(index, question),
  });
}

describe('the sources a model drafts from', () => {
  it('puts the topic items first, with a state that is not in place spelt out', () => {
    const retrieved = retrieveSources(index, 'Are you FedRAMP authorised?');
    expect(retrieved[0]!.source.title).toBe('Certifications › FedRAMP');
    expect(retrieved[0]!.text).toContain('State: not enabled (not in place)');
    expect(retrieved[0]!.stance).toBe('not_enabled');
  });

  it('finds the organisation’s own answer by its words, and nothing for a question with no words', () => {
    const retrieved = retrieveSources(index, 'IR-03.1 Within what time are customers told of a breach?');
    expect(retrieved.map((source) => source.source.title)).toContain(breach.question);
    expect(retrieveSources(index, 'Is it?')).toEqual([]);
  });
});

describe('checking a model’s draft against what it cites', () => {
  it('keeps a yes its enabled source supports, with high confidence when the built-in answer agrees', () => {
    const draft = verdict('Do you support MFA for users?', (n) => ({
      answer: 'Yes [1]',
      sources: [n('Multi-factor')],
      reason: 'MFA is in place.',
    }));
    expect(draft).toMatchObject({ answer: 'Yes', status: 'drafted', confidence: 'high' });
    expect(draft.note).toBe('Drafted by the model: MFA is in place.');
    expect(draft.sources.map((source) => source.url)).toEqual([mfa.url]);
  });

  it('demotes a yes that cites an item not enabled, and a no that nothing cited says', () => {
    const yes = verdict('Do you have FedRAMP?', (n) => ({
      answer: 'Yes',
      sources: [n('FedRAMP')],
      reason: '',
    }));
    expect(yes).toMatchObject({ answer: null, status: 'needs_answer', confidence: null });
    expect(yes.note).toContain('citing "Certifications › FedRAMP", which says otherwise');
    const no = verdict('Do you have FedRAMP?', (n) => ({
      answer: 'No',
      sources: [n('FedRAMP')],
      reason: '',
    }));
    expect(no).toMatchObject({ answer: null, status: 'needs_answer' });
    expect(no.note).toContain('nothing it cites says no');
  });

  it('demotes a draft citing nothing, or a number it was not given', () => {
    for (const sources of [[], [9]]) {
      const draft = verdict('Do you support MFA for users?', () => ({ answer: 'Yes', sources, reason: '' }));
      expect(draft).toMatchObject({ answer: null, status: 'needs_answer', sources: [] });
      expect(draft.note).toContain('cites no source it was given');
    }
  });

  it('demotes a figure no cited source states, and keeps the one it does', () => {
    const question = 'How quickly do you notify customers of a data breach?';
    const invented = verdict(question, (n) => ({
      answer: 'Within 24 hours [1].',
      sources: [n(breach.question)],
      reason: '',
    }));
    expect(invented).toMatchObject({ answer: null, status: 'needs_answer' });
    expect(invented.note).toContain('it states 24, which no source it cites does');
    const stated = verdict(question, (n) => ({
      answer: 'Within 72 hours of confirming a breach [1].',
      sources: [n(breach.question)],
      reason: 'The FAQ says so.',
    }));
    expect(stated).toMatchObject({ answer: 'Within 72 hours of confirming a breach.', status: 'drafted' });
  });

  it('demotes words the sources do not say, sources that miss part of the question, and N/A', () => {
    const unsaid = verdict('How quickly do you notify customers of a data breach?', (n) => ({
      answer: 'Our legal team calls every affected customer and regulator personally.',
      sources: [n(breach.question)],
      reason: '',
    }));
    expect(unsaid.note).toContain('it says things the sources it cites do not');
    const partly = verdict('Can single records be restored from backup within one hour?', (n) => ({
      answer: 'Yes',
      sources: [n('Data backups')],
      reason: '',
    }));
    expect(partly).toMatchObject({ status: 'needs_answer' });
    expect(partly.note).toContain('do not speak to everything the question asks');
    const bare = verdict('How quickly do you notify customers of a data breach?', (n) => ({
      answer: 'Yes',
      sources: [n(breach.question)],
      reason: '',
    }));
    expect(bare.note).toContain('a bare yes does not answer an open question');
    const notApplicable = verdict('Do you support MFA for users?', (n) => ({
      answer: 'N/A',
      sources: [n('Multi-factor')],
      reason: '',
    }));
    expect(notApplicable.note).toContain('is for a person to say');
  });

  it('leaves a yes or no the built-in answerer reads the other way for a person', () => {
    const builtIn: Draft = {
      answer: 'Yes',
      status: 'drafted',
      confidence: 'medium',
      note: '',
      sources: [],
    };
    const draft = verdict(
      'Do you train AI models on customer data?',
      (n) => ({ answer: 'No', sources: [n(training.question)], reason: '' }),
      builtIn,
    );
    expect(draft).toMatchObject({ answer: null, status: 'needs_answer' });
    expect(draft.note).toBe('The model and the built-in answerer disagree on yes or no; check the sources.');
  });

  it('keeps the built-in draft, with low confidence, when the model finds no answer', () => {
    const question = 'Do you support MFA for users?';
    const draft = verdict(question, () => ({ answer: null, sources: [], reason: '' }));
    expect(draft).toMatchObject({ answer: 'Yes', status: 'drafted', confidence: 'low' });
    expect(draft.note).toContain('The model found no answer in the sources; the built-in answerer did.');
    const nothing = verdict('Do you keep a software bill of materials?', () => ({
      answer: null,
      sources: [],
      reason: '',
    }));
    expect(nothing).toMatchObject({ answer: null, status: 'needs_answer', sources: [] });
  });

  it('reads the JSON object out of a fenced reply and refuses anything else', () => {
    expect(parseModelReply('```json\n{"answer": "Yes", "sources": [1], "reason": "r"}\n```')).toEqual({
      answer: 'Yes',
      sources: [1],
      reason: 'r',
    });
    expect(() => parseModelReply('Yes, we do.')).toThrow(ModelDraftError);
    expect(() => parseModelReply('{"answer": "Yes", "sources": [1],}')).toThrow(ModelDraftError);
    expect(() => parseModelReply('{"answer": 3}')).toThrow(ModelDraftError);
  });
});

describe('drafting through an OpenAI-compatible endpoint', () => {
  let server: Awaited<ReturnType<typeof startFakeChatServer>>;
  beforeAll(async () => {
    server = await startFakeChatServer();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });
  afterAll(() => server.close());

  const config = () => ({ baseUrl: server.baseUrl, apiKey: 'key', model: 'local-model' });
  const rows = (questions: string[]) =>
    questions.map((question, position) => ({
      sheet: 'Sheet1',
      row: position + 2,
      question,
      controlId: null,
      section: null,
    }));

  it('sends only the retrieved sources, counts the tokens the endpoint reports, and checks each draft', async () => {
    server.onRequest((request, response) => {
      const { question, sources } = promptOf(request);
      const cited = sources.findIndex((source) => source.includes('Multi-factor')) + 1;
      if (question.includes('MFA')) {
        sendCompletion(response, JSON.stringify({ answer: 'Yes', sources: [cited], reason: 'Listed.' }), 120);
      } else sendCompletion(response, '{"answer": null, "sources": [], "reason": "Not stated."}', 80);
    });
    const run = startModelRun(createModelDrafter(config()));
    const drafted = await draftRowsWithModel(
      index,
      run,
      rows([
        'Do you support MFA for users?',
        'Are backups copied to a second region?',
        'Do you never share customer data?',
      ]),
    );
    expect(drafted.map((row) => [row.answer, row.status])).toEqual([
      ['Yes', 'drafted'],
      [null, 'needs_answer'],
      [null, 'needs_answer'],
    ]);
    // The negated question is not sent: its yes and no are for a person.
    expect(server.requests).toHaveLength(2);
    expect(run.tokens).toBe(200);
    expect(server.requests[0]).toMatchObject({ model: 'local-model' });
    expect(server.requests[0]!.messages[0]!.content).toContain('never a guess');
  });

  it('fails a call on HTTP errors, garbage, a refused connection and a peer that stalls mid-reply', async () => {
    const drafter = createModelDrafter(config(), { timeoutMs: 300 });
    const sources = retrieveSources(index, 'Do you support MFA for users?');
    server.onRequest((_request, response) => response.writeHead(503).end('busy'));
    await expect(drafter.draft('q', sources)).rejects.toThrow('AI endpoint answered HTTP 503');
    server.onRequest((_request, response) => response.writeHead(200).end('<html>proxy login</html>'));
    await expect(drafter.draft('q', sources)).rejects.toThrow(ModelDraftError);
    server.onRequest((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"choices": [{"message": {"content": "{\\"answer\\"');
    });
    await expect(drafter.draft('q', sources)).rejects.toThrow('AI endpoint failed: timed out');
    const closed = await startFakeChatServer();
    await closed.close();
    const refused = createModelDrafter({ ...config(), baseUrl: closed.baseUrl });
    await expect(refused.draft('q', sources)).rejects.toThrow(/AI endpoint failed: fetch failed/);
  });

  it('drafts offline after failed calls in a row, and says so on each row', async () => {
    server.onRequest((_request, response) => response.writeHead(500).end());
    const run = startModelRun(createModelDrafter(config()));
    const questions = Array.from({ length: 6 }, () => 'Do you support MFA for users?');
    // One at a time, so the count of calls made before giving up is exact.
    const drafted: Awaited<ReturnType<typeof draftRowsWithModel>> = [];
    for (const question of rows(questions))
      drafted.push(...(await draftRowsWithModel(index, run, [question])));
    expect(server.requests).toHaveLength(modelFailuresBeforeGivingUp);
    expect(drafted.every((row) => row.answer === 'Yes' && row.status === 'drafted')).toBe(true);
    expect(drafted[0]!.note).toContain('(Model failed: AI endpoint answered HTTP 500; built-in draft.)');
    expect(drafted[5]!.note).toContain('(Model not asked: AI endpoint answered HTTP 500)');
  });
});
