import { asc, eq, inArray } from 'drizzle-orm';
import { cardKinds } from '../../shared/card-kinds';
import { companyDisplay } from '../../shared/company-catalogue';
import { riskQuestionOfKey } from '../../shared/risk-profile-catalogue';
import type { Database } from '../db/client';
import {
  bridgeLetters,
  cards,
  files,
  fileTextChunks,
  itemComments,
  itemFiles,
  items,
  knowledgeBaseEntries,
  ndaVersions,
  organisations,
  productOverviews,
  products,
  riskProfileAnswers,
  securityGrades,
  subprocessors,
  topics,
  topicUpdates,
} from '../db/schema';
import { type DemoCalendar, otherMonthNames } from './demo-calendar';

/**
 * One fact of the demo organisation's story (decision 150) and the phrases that would contradict it.
 * A sentence is about the fact when it, with its passage's context, matches `about` (every sentence
 * when absent); such a sentence must match none of `contradicts`, and some source must match `states`.
 */
export type DemoFact = { fact: string; about?: RegExp; states: RegExp; contradicts: RegExp[] };

const otherMonths = (except: string) => new RegExp(`\\b(?:${otherMonthNames(except).join('|')})\\b`);

/** The story's facts as of the day it was seeded: its dates move with the seeding day (decision 335). */
export function demoFacts(calendar: DemoCalendar): DemoFact[] {
  const { tokens, months } = calendar;
  const otherQuarters = [1, 2, 3, 4].filter((quarter) => quarter !== calendar.penTestQuarter).join('');
  return [
    {
      fact: 'Schellman audits our SOC 2 and SOC 1 reports',
      about: /\bSOC ?[12]\b|service auditor/i,
      states: /Schellman/,
      contradicts: [/Prescient/i, /A-LIGN/i, /\bKPMG\b/, /Deloitte/i, /\bPwC\b/, /\bEY\b/],
    },
    {
      fact: `the SOC 2 Type II report covers ${tokens.socPeriod} (periods start in ${months.socPeriodStart})`,
      about: /\bSOC ?[12]\b|service auditor|examination/i,
      states: new RegExp(tokens.socPeriod!),
      contradicts: [
        new RegExp(
          `\\b(?:${otherMonthNames(months.socPeriodStart).join('|')})(?: \\d{1,2})?,? (?:\\d{4} )?(?:to|through|until|-|–) `,
        ),
        /calendar year/i,
        /\b(?:for|of) 20\d\d\b/,
      ],
    },
    {
      fact: 'the last SOC 2 report has an unqualified opinion and no exceptions',
      about: /\bSOC ?2\b|service auditor/i,
      states: /no exceptions/i,
      contradicts: [/\b(?:an?|one|two|three|several|\d+) exceptions?\b/i, /\bqualified opinion\b(?!s)/i],
    },
    {
      fact: 'we are certified to ISO/IEC 27001:2022 by BSI',
      about: /27001/,
      states: /certified to ISO\/IEC 27001:2022/,
      contradicts: [
        /in progress/i,
        /working towards?/i,
        /not (?:yet )?certified/i,
        /\bpreparing\b/i,
        /27001:2013/,
        /\b(?:TÜV|DNV|A-LIGN|Schellman)\b/,
      ],
    },
    {
      fact: 'PCI DSS: Stripe takes the card payments of our fees; we validate with SAQ A',
      about: /\bPCI\b|cardholder/i,
      states: /SAQ A/,
      contradicts: [
        /does not apply/i,
        /not applicable/i,
        /\bQSA\b|qualified security assessor/i,
        /report on compliance/i,
      ],
    },
    {
      fact: 'HIPAA applies to Acme Benefits only',
      about: /HIPAA|protected health information|business associate|\bBAA\b/i,
      states: /Acme Benefits/,
      contradicts: [
        /\bHR product\b/i,
        /\bstandard product\b/i,
        /Acme (?:Payroll|HR) › [^›]+ › (?:HIPAA|Business associate)/i,
      ],
    },
    {
      fact: `NCC Group ran the last penetration test, in ${tokens.penTestMonth}, with no critical or high findings`,
      about: /penetration test|pen test|pentest/i,
      states: /NCC Group/,
      contradicts: [
        /Cobalt/i,
        /Bishop Fox/i,
        /Trail of Bits/i,
        otherMonths(months.penTest),
        new RegExp(`\\bQ[${otherQuarters}] 20\\d\\d\\b`),
        /\ball high findings\b/i,
        /high findings (?:were|are) (?:all )?fixed/i,
      ],
    },
    {
      fact: 'affected customers hear of a confirmed breach within 48 hours',
      about: /(?:notif|told|inform)[^.]*(?:breach|incident)|(?:breach|incident)[^.]*(?:notif|told|inform)/i,
      states: /48 hours/,
      contradicts: [
        /\b(?:12|24|36|72|96) hours\b/,
        /\b(?:one|two|three|four|five|seven|\d+) (?:business )?days\b/i,
      ],
    },
    {
      fact: 'SCIM provisioning is in beta, not generally available',
      about: /\bSCIM\b/,
      states: /\bbeta\b/,
      contradicts: [/\bis available\b/i, /(?<!not (?:yet )?)generally available/i],
    },
    {
      fact: 'SendGrid sends our transactional e-mail',
      states: /SendGrid/,
      contradicts: [/Postmark/i, /Mailgun/i, /Amazon SES/i, /Mailchimp|Mandrill/i],
    },
    {
      fact: 'AI features use models hosted in our own AWS account, never a third-party AI provider',
      states: /own AWS account/,
      contradicts: [/OpenAI/i, /Azure/i, /Anthropic/i, /Gemini/i, /Cohere/i],
    },
    {
      fact: 'uptime over the last twelve months: 99.98%',
      about: /uptime|availability/i,
      states: /99\.98 ?%/,
      contradicts: [/99\.9[0-79] ?%/, /99\.99 ?%/],
    },
    {
      fact: 'Dana Whitfield is our CISO',
      about: /\bCISO\b|Chief Information Security Officer/i,
      states: /Dana Whitfield/,
      contradicts: [
        /Jordan Lee/,
        /(?:CISO|Chief Information Security Officer),? (?!Dana Whitfield\b)[A-Z][a-z]+ [A-Z][a-z]+/,
      ],
    },
    {
      fact: 'privacy questions go to privacy@acme.example (DPO Maria Keller)',
      about: /privacy|\bDPO\b|data protection officer/i,
      states: /privacy@acme\.example/,
      contradicts: [/\bdpo@/i, /\bgdpr@/i, /\bDr\. /],
    },
    {
      fact: 'the security steering committee reviews the risk register quarterly',
      about: /risk register/i,
      states: /quarterly/,
      contradicts: [/monthly/i, /weekly/i, /yearly|annually|every year/i],
    },
    {
      fact: 'production runs in three availability zones per region',
      about: /availability zones/i,
      states: /three availability zones/,
      contradicts: [/\b(?:one|two|four|five|\d+) availability zones\b/i],
    },
    {
      fact: 'personal devices may not reach company systems',
      about: /personal devices?|\bBYOD\b|own devices?/i,
      states: /may not be used|requires a managed company device/,
      contradicts: [/managed apps?/i, /personal devices? (?:can|may) (?:be used|reach|access)/i],
    },
    {
      fact: 'Cloudflare provides the WAF and DDoS protection in front of every public endpoint',
      about: /DDoS|web application firewall|\bWAF\b/i,
      states: /Cloudflare/,
      contradicts: [/CloudFront/i, /Shield Advanced/i, /AWS WAF/i, /Akamai/i, /Fastly/i],
    },
    {
      fact: 'security logs are kept for 12 months',
      about: /\blogs?\b[^.]*(?:kept|retained|retention)|(?:kept|retained|retention)[^.]*\blogs?\b/i,
      states: /12 months/,
      contradicts: [/\b(?:3|6|13|18|24) months\b/, /\btwo years\b/i],
    },
    {
      fact: `the last full failover test was in ${tokens.failoverMonth}`,
      about: /failover test|disaster recovery test/i,
      states: new RegExp(tokens.failoverMonth!),
      contradicts: [otherMonths(months.failover)],
    },
    {
      fact: 'recovery time objective: 4 hours',
      about: /recovery time|\bRTO\b/i,
      states: /\b(?:4|four) hours\b/,
      contradicts: [
        /\b(?:[1-35-9]|1\d|2\d|48|72) hours\b/,
        /\b(?:one|two|three|five|six|eight|twelve) hours\b/i,
        /24–48 hours|48–72 hours/,
      ],
    },
    {
      fact: 'recovery point objective: 15 minutes',
      about: /recovery point|\bRPO\b/i,
      states: /\b(?:15|fifteen) minutes\b/,
      contradicts: [/\b(?:1|5|10|30|60|one|five|ten|thirty|sixty) minutes\b/i],
    },
    {
      fact: 'backups are kept for 35 days',
      about: /backups?/i,
      states: /35 days/,
      contradicts: [/backups?[^.;]*\b(?:7|14|30|60|90) days\b/i, /\b(?:7|14|30|60|90) days\b[^.;]*backups?/i],
    },
    {
      fact: 'the phishing simulation click rate is 2.1%',
      about: /click rate/i,
      states: /2\.1 ?%/,
      contradicts: [/(?<![\d.])(?!2\.1 ?%)\d+(?:\.\d+)? ?%/],
    },
    {
      fact: 'six security engineers, led by the CISO',
      about: /security (?:team|engineers)/i,
      states: /six security engineers/i,
      contradicts: [/team of (?:\w+|\d+)/i, /\b(?:four|five|seven|eight|ten|\d+) security engineers\b/i],
    },
    {
      fact: 'the board approves the information security policy',
      about: /information security policy/i,
      states: /board/,
      contradicts: [/approved by (?:management|the CEO|the CISO)/i],
    },
  ];
}

/**
 * A piece of the organisation's text. `context` says where it is (product › card › item, the
 * question, the update's subject) and counts when deciding what a sentence is about; `text` holds
 * the statements.
 */
export type DemoPassage = { source: string; context: string; text: string };

export type Contradiction = { fact: string; source: string; sentence: string; phrase: string };

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z0-9*“"(])/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Every sentence that contradicts a fact, and every fact no passage states. */
export function findContradictions(passages: DemoPassage[], facts: DemoFact[]) {
  const contradictions: Contradiction[] = [];
  const unstated: string[] = [];
  for (const fact of facts) {
    let isStated = false;
    for (const passage of passages) {
      for (const sentence of sentencesOf(passage.text)) {
        const unit = `${passage.context}: ${sentence}`;
        if (fact.about && !fact.about.test(unit)) continue;
        if (fact.states.test(unit)) isStated = true;
        for (const pattern of fact.contradicts) {
          const phrase = pattern.exec(unit)?.[0];
          if (phrase) contradictions.push({ fact: fact.fact, source: passage.source, sentence, phrase });
        }
      }
    }
    if (!isStated) unstated.push(fact.fact);
  }
  return { contradictions, unstated };
}

const riskAnswerText = (itemKey: string | null, answer: unknown): string | null => {
  const question = riskQuestionOfKey(itemKey);
  if (!question || !answer || typeof answer !== 'object') return null;
  const value = answer as { choice: string; unit?: string; number?: number };
  if (value.choice === 'custom') return `${value.number} ${value.unit}`;
  return question.choices.find((choice) => choice.value === value.choice)?.label ?? null;
};

/**
 * Everything the organisation says, wherever it says it: cards and items (every access level, not
 * the NotEnabled catalogue templates), risk answers, grades, subprocessors, the overview, the
 * knowledge base, documents with their extracted text, the bridge letter, updates, comments and NDA.
 */
export async function readOrganisationText(db: Database, organisationId: string): Promise<DemoPassage[]> {
  const passages: DemoPassage[] = [];
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  passages.push({
    source: 'organisation description',
    context: organisation!.name,
    text: organisation!.customisation.description ?? '',
  });
  const productRows = await db.select().from(products).where(eq(products.organisationId, organisationId));
  const productName = new Map(productRows.map((product) => [product.id, product.name]));

  const cardRows = await db.select().from(cards).where(eq(cards.organisationId, organisationId));
  const cardTitle = new Map(
    cardRows.map((card) => [`${card.productId}/${card.kind}`, card.title ?? cardKinds[card.kind].title]),
  );
  for (const card of cardRows) {
    const text = [card.displayText, card.placeholder].filter(Boolean).join('\n');
    const where = `${productName.get(card.productId)} › ${cardTitle.get(`${card.productId}/${card.kind}`)}`;
    if (text) passages.push({ source: `card ${where}`, context: where, text });
  }

  const itemRows = await db.select().from(items).where(eq(items.organisationId, organisationId));
  const answers = new Map(
    (
      await db.select().from(riskProfileAnswers).where(eq(riskProfileAnswers.organisationId, organisationId))
    ).map((row) => [row.itemId, row.answer]),
  );
  const grades = new Map(
    (await db.select().from(securityGrades).where(eq(securityGrades.organisationId, organisationId))).map(
      (row) => [row.itemId, row.grade],
    ),
  );
  const itemTitle = new Map(itemRows.map((item) => [item.id, item.title]));
  for (const item of itemRows) {
    if (item.enabledState === 'NotEnabled') continue;
    const where = `${productName.get(item.productId)} › ${cardTitle.get(`${item.productId}/${item.cardKind}`)} › ${item.title}`;
    const answer = riskAnswerText(item.catalogueKey, answers.get(item.id));
    const lines = [
      `${item.title}${item.enabledState === 'WorkInProgress' ? ' (in progress)' : ''}.`,
      item.explanation,
      item.listEntries.length > 0 ? `${item.listEntries.join(', ')}.` : '',
      item.auditor ? `Auditor: ${item.auditor}.` : '',
      answer ? `Answer: ${answer}.` : '',
      grades.has(item.id) ? `Grade: ${grades.get(item.id)}.` : '',
    ];
    passages.push({ source: `item ${where}`, context: where, text: lines.filter(Boolean).join('\n') });
  }

  for (const row of await db
    .select()
    .from(subprocessors)
    .where(eq(subprocessors.organisationId, organisationId))) {
    const name = companyDisplay(row.company).name;
    passages.push({
      source: `subprocessor ${name}`,
      context: `${productName.get(row.productId)} › Subprocessors › ${name}`,
      text: [`${name}: ${row.purpose}.`, `${row.location}.`, row.additionalDetails]
        .filter(Boolean)
        .join('\n'),
    });
  }
  for (const row of await db
    .select()
    .from(productOverviews)
    .where(eq(productOverviews.organisationId, organisationId))) {
    const where = `${productName.get(row.productId)} › Overview`;
    passages.push({ source: where, context: where, text: row.body });
  }

  for (const entry of await db
    .select()
    .from(knowledgeBaseEntries)
    .where(eq(knowledgeBaseEntries.organisationId, organisationId))) {
    const scope = entry.productIds.map((id) => productName.get(id)).join(', ') || 'All products';
    passages.push({
      source: `knowledge base (${entry.accessLevel}) "${entry.question}"`,
      context: `${scope} › ${entry.question}`,
      text: [entry.answer, entry.comment].filter(Boolean).join('\n'),
    });
  }

  const fileRows = await db.select().from(files).where(eq(files.organisationId, organisationId));
  const fileIds = fileRows.map((file) => file.id);
  const chunks =
    fileIds.length === 0
      ? []
      : await db
          .select()
          .from(fileTextChunks)
          .where(inArray(fileTextChunks.fileId, fileIds))
          .orderBy(asc(fileTextChunks.fileId), asc(fileTextChunks.position));
  const links =
    fileIds.length === 0 ? [] : await db.select().from(itemFiles).where(inArray(itemFiles.fileId, fileIds));
  for (const file of fileRows) {
    const item = links.find((link) => link.fileId === file.id);
    const extracted = chunks
      .filter((chunk) => chunk.fileId === file.id)
      .map((chunk) => chunk.text)
      .join(' ');
    passages.push({
      source: `document "${file.title}" (${file.originalName})`,
      context: [file.title, item ? itemTitle.get(item.itemId) : ''].filter(Boolean).join(' › '),
      // PDF text breaks lines where the page wrapped them: one paragraph of running text.
      text: `${file.title}.\n${extracted.replace(/\s+/g, ' ')}`,
    });
  }
  for (const letter of await db
    .select()
    .from(bridgeLetters)
    .where(eq(bridgeLetters.organisationId, organisationId))) {
    passages.push({
      source: `${letter.letterType} bridge letter`,
      context: `${letter.title} (${letter.letterType.toUpperCase().replace('SOC', 'SOC ')} bridge letter)`,
      text: `${letter.content}\nSigned by ${letter.signerName}, ${letter.signerTitle}.`,
    });
  }

  const topicRows = await db.select().from(topics).where(eq(topics.organisationId, organisationId));
  const updateRows = await db
    .select()
    .from(topicUpdates)
    .where(eq(topicUpdates.organisationId, organisationId));
  for (const topic of topicRows) {
    const messages = updateRows
      .filter((update) => update.topicId === topic.id)
      .map((update) => update.message);
    passages.push({
      source: `update "${topic.subject}"`,
      context: topic.subject,
      text: [`${topic.subject}.`, ...messages].join('\n'),
    });
  }
  for (const comment of await db
    .select()
    .from(itemComments)
    .where(eq(itemComments.organisationId, organisationId))) {
    const title = itemTitle.get(comment.itemId) ?? 'an item';
    passages.push({ source: `comment on ${title}`, context: title, text: comment.content });
  }
  for (const nda of await db
    .select()
    .from(ndaVersions)
    .where(eq(ndaVersions.organisationId, organisationId))) {
    passages.push({ source: `NDA "${nda.title}"`, context: nda.title, text: nda.body });
  }
  return passages;
}
