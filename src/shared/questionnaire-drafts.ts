import { z } from 'zod';

/**
 * Questionnaires answered from evidence (issue 32): what an import finds, what a draft says and what it
 * rests on. The rule every draft keeps: no source, no answer.
 */

export const questionnaireImportLimits = {
  /** The workbook as uploaded; larger files are refused before they are opened. */
  fileMaxBytes: 25 * 1024 * 1024,
  /** What the workbook's parts may add up to once unzipped (a zip bomb is refused on this). */
  unzippedMaxBytes: 100 * 1024 * 1024,
  /** One part may not unzip to more than this many times its stored size. */
  compressionRatioMax: 200,
  zipEntriesMax: 2000,
  questionRowsMax: 2000,
  questionMaxLength: 4000,
  pastedTextMaxLength: 400_000,
} as const;

export const questionnaireImportMessages = {
  tooLarge: `The questionnaire is too large: at most ${questionnaireImportLimits.fileMaxBytes / 1024 / 1024} MB.`,
  empty: 'The file is empty.',
  notSpreadsheet: 'Upload an Excel workbook (.xlsx) or a CSV file, or paste the questions as text.',
  macros: 'This workbook contains macros. Save it as an .xlsx workbook without macros and upload it again.',
  externalLinks:
    'This workbook links to other workbooks. Break the links (Data › Edit Links › Break Link) and upload it again.',
  zipBomb: 'This workbook unpacks to far more than its size and was refused.',
  unreadable: 'This workbook could not be read. Open it in a spreadsheet program, save it again and retry.',
  notUtf8: 'The CSV file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
  noQuestions: 'No questions were found. Choose the question column in the column picker.',
  tooManyQuestions: `The questionnaire has more than ${questionnaireImportLimits.questionRowsMax} questions.`,
  pastedTooLong: 'The pasted text is too long.',
} as const;

/** A draft's state: drafted from sources, or left for a person because nothing settles it. */
export const DraftStatus = z.enum(['drafted', 'needs_answer']);
export type DraftStatus = z.infer<typeof DraftStatus>;

export const yesNoAnswers = ['Yes', 'No', 'Partial', 'N/A'] as const;

export const EvidenceKind = z.enum([
  'item',
  'faq',
  'document',
  'certification',
  'subprocessor',
  'risk_profile',
]);
export type EvidenceKind = z.infer<typeof EvidenceKind>;

/** Who may read a source: staff see this before sending an answer to a member. */
export const EvidenceAccess = z.enum(['public', 'restricted', 'hidden']);
export type EvidenceAccess = z.infer<typeof EvidenceAccess>;

export const DraftSource = z.object({
  kind: EvidenceKind,
  title: z.string(),
  url: z.string(),
  excerpt: z.string(),
  access: EvidenceAccess,
  /** A document passage's page (1-based). */
  page: z.number().int().positive().optional(),
  /** Where staff change the source (a knowledge-base entry in the console); never sent to members. */
  editUrl: z.string().optional(),
});
export type DraftSource = z.infer<typeof DraftSource>;

export const Confidence = z.enum(['high', 'medium', 'low']);
export type Confidence = z.infer<typeof Confidence>;

/** One question row of the JSON report (`npm run questionnaire:draft -- --json`). */
export const DraftReportRow = z.object({
  row: z.number().int().positive(),
  sheet: z.string().optional(),
  controlId: z.string().nullable().optional(),
  question: z.string(),
  answer: z.string().nullable(),
  status: DraftStatus,
  confidence: Confidence.nullable(),
  /** Why the answer is what it is, or why nothing was drafted, in one sentence. */
  note: z.string(),
  sources: z.array(DraftSource),
});
export type DraftReportRow = z.infer<typeof DraftReportRow>;

export const ConsistencyStatement = z.object({ text: z.string(), source: DraftSource });
export const Contradiction = z.object({
  topic: z.string(),
  statements: z.array(ConsistencyStatement).min(2),
});
export type Contradiction = z.infer<typeof Contradiction>;

/** Where a sheet's questions are (1-based rows and columns); staff can change it in the column picker. */
export const ColumnMapping = z.object({
  sheet: z.string().min(1),
  /** The header row; null when the sheet has none and questions start on the first row. */
  headerRow: z.number().int().positive().nullable(),
  questionColumn: z.number().int().positive(),
  /** Where answers go; null adds an "Answer" column after the last used one. */
  answerColumn: z.number().int().positive().nullable(),
  commentColumn: z.number().int().positive().nullable(),
  controlIdColumn: z.number().int().positive().nullable(),
  sectionColumn: z.number().int().positive().nullable(),
});
export type ColumnMapping = z.infer<typeof ColumnMapping>;

/** Which known layout the sheet looks like: drafting is the same, the names help staff check the mapping. */
export const QuestionnaireLayout = z.enum(['caiq', 'sig', 'custom']);
export type QuestionnaireLayout = z.infer<typeof QuestionnaireLayout>;

/* The console's questionnaire drafting (issue 32 §1–§5).
 *   POST /api/questionnaire-drafts?name=            raw body (xlsx or csv)   → DraftPreview (201)
 *   POST /api/questionnaire-drafts/pasted           PastedQuestionnaire       → DraftPreview (201)
 *   POST /api/questionnaires/:id/draft              (a member's submission)   → DraftPreview (201)
 *   POST /api/questionnaire-drafts/:id/start        StartDrafting             → DraftDetail (202)
 *   POST /api/questionnaire-drafts/:id/cancel                                 → DraftDetail
 *   GET  /api/questionnaire-drafts                                            → DraftList
 *   GET  /api/questionnaire-drafts/:id                                        → DraftDetail
 *   PATCH /api/questionnaire-drafts/:id/rows/:rowId RowUpdate                 → DraftRowView
 *   POST /api/questionnaire-drafts/:id/rows/:rowId/knowledge-base             → DraftRowView (201)
 *   GET  /api/questionnaire-drafts/:id/export?format=xlsx|csv                 → the answered file
 */

export const DraftAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('staff') }),
  z.object({ kind: z.literal('anonymous') }),
  z.object({ kind: z.literal('member'), accountMemberId: z.string().uuid() }),
]);
export type DraftAudience = z.infer<typeof DraftAudience>;

export const DraftStatusName = z.enum(['mapping', 'drafting', 'ready', 'cancelled', 'failed']);
export const RowState = z.enum(['pending', 'drafted', 'needs_answer', 'accepted', 'edited']);
export type RowState = z.infer<typeof RowState>;

export const draftTexts = {
  rowStates: {
    pending: 'Waiting',
    drafted: 'Drafted',
    needs_answer: 'Needs an answer',
    accepted: 'Accepted',
    edited: 'Edited',
  } satisfies Record<RowState, string>,
  statuses: {
    mapping: 'Choose the columns',
    drafting: 'Drafting',
    ready: 'Ready for review',
    cancelled: 'Cancelled',
    failed: 'Drafting failed',
  } satisfies Record<z.infer<typeof DraftStatusName>, string>,
} as const;

export const draftMessages = {
  notFound: 'This questionnaire draft does not exist.',
  rowNotFound: 'This question does not exist in the draft.',
  notMapping: 'Drafting has already started for this questionnaire.',
  notReviewable: 'Wait until drafting has finished, or start it again.',
  mappingSheetUnknown: 'The column mapping names a sheet the workbook does not have.',
  memberUnknown: 'This member does not belong to the organisation.',
  productUnknown: 'This product does not exist.',
  submissionHasNoFile:
    'This submission is a link, not a file: download the questionnaire and upload it here.',
  answerRequired: 'Write an answer.',
  nothingToSave: 'Only an answer that was accepted, edited or written can be saved to the knowledge base.',
} as const;

export const PastedQuestionnaire = z.object({
  name: z.string().trim().min(1).max(200).default('Pasted questions'),
  text: z
    .string()
    .min(1, questionnaireImportMessages.noQuestions)
    .max(questionnaireImportLimits.pastedTextMaxLength, questionnaireImportMessages.pastedTooLong),
});

export const StartDrafting = z.object({
  mappings: z.array(ColumnMapping).min(1).max(50),
  productId: z.string().uuid(),
  audience: DraftAudience,
});
export type StartDrafting = z.infer<typeof StartDrafting>;

export const DraftSummary = z.object({
  id: z.string().uuid(),
  name: z.string(),
  format: z.enum(['xlsx', 'csv', 'text']),
  status: DraftStatusName,
  rowCount: z.number().int(),
  counts: z.record(RowState, z.number().int()),
  /** Rows whose sources include restricted or hidden content. */
  restrictedRows: z.number().int(),
  tokensUsed: z.number().int(),
  /** The configured model that drafted it; null for the built-in answerer. */
  model: z.string().nullable(),
  submissionId: z.string().uuid().nullable(),
  /** The member who submitted it, when the draft was opened from a submission: drafting can read as them. */
  submissionMember: z.object({ accountMemberId: z.string().uuid(), name: z.string() }).nullable(),
  productId: z.string().uuid().nullable(),
  audience: DraftAudience,
  createdAt: z.string(),
});
export type DraftSummary = z.infer<typeof DraftSummary>;

export const DraftList = z.object({ drafts: z.array(DraftSummary) });
export type DraftList = z.infer<typeof DraftList>;

export const DraftPreview = z.object({
  draft: DraftSummary,
  sheets: z.array(
    z.object({ name: z.string(), rowCount: z.number().int(), rows: z.array(z.array(z.string())) }),
  ),
  detected: z.array(z.object({ mapping: ColumnMapping, layout: QuestionnaireLayout })),
});
export type DraftPreview = z.infer<typeof DraftPreview>;

export const DraftRowView = z.object({
  id: z.string().uuid(),
  position: z.number().int(),
  sheet: z.string(),
  row: z.number().int(),
  controlId: z.string().nullable(),
  section: z.string().nullable(),
  question: z.string(),
  answer: z.string().nullable(),
  state: RowState,
  confidence: Confidence.nullable(),
  note: z.string(),
  sources: z.array(DraftSource),
  assigneeStaffUserId: z.string().uuid().nullable(),
  comment: z.string(),
});
export type DraftRowView = z.infer<typeof DraftRowView>;

export const DraftDetail = z.object({ draft: DraftSummary, rows: z.array(DraftRowView) });
export type DraftDetail = z.infer<typeof DraftDetail>;

export const RowUpdate = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  z.object({
    action: z.literal('answer'),
    answer: z
      .string()
      .trim()
      .min(1, draftMessages.answerRequired)
      .max(questionnaireImportLimits.questionMaxLength),
  }),
  z.object({ action: z.literal('reopen') }),
  z.object({ action: z.literal('assign'), assigneeStaffUserId: z.string().uuid().nullable() }),
  z.object({ action: z.literal('comment'), comment: z.string().trim().max(2000) }),
]);
export type RowUpdate = z.infer<typeof RowUpdate>;

/* Returning an answered questionnaire to the member who sent it (issue 32 §4, §5).
 *   POST /api/questionnaire-drafts/:id/publish      PublishDraft   → DraftDetail (409 until confirmed
 *        when answers rest on content the member may not read)
 *   GET  {base}/questionnaires                      (member)       → MemberQuestionnaireList
 *   GET  {base}/questionnaires/:id/answered         (member)       → the answered file
 */
export const PublishDraft = z.object({
  /** Send even though some answers rest on content this member may not read. */
  confirmUnreadable: z.boolean().default(false),
});
export type PublishDraft = z.input<typeof PublishDraft>;

export const publishMessages = {
  notFromSubmission: 'This questionnaire was not sent by a member: export it and send it yourself.',
  notReady: 'Wait until drafting has finished before sending the answers.',
  memberGone: 'The member who sent this questionnaire no longer has an account.',
  unreadable: (count: number) =>
    `${count} ${count === 1 ? 'answer rests' : 'answers rest'} on content this member may not read. Confirm to send ${count === 1 ? 'it' : 'them'} anyway.`,
} as const;

export const MemberQuestionnaire = z.object({
  id: z.string().uuid(),
  name: z.string(),
  submittedAt: z.string(),
  status: z.enum(['in_review', 'answered']),
  answeredAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type MemberQuestionnaire = z.infer<typeof MemberQuestionnaire>;
export const MemberQuestionnaireList = z.object({ questionnaires: z.array(MemberQuestionnaire) });
export type MemberQuestionnaireList = z.infer<typeof MemberQuestionnaireList>;

export const memberQuestionnaireTexts = {
  heading: 'Your questionnaires',
  inReview: 'In review',
  answered: 'Answered',
  download: 'Download answers',
} as const;
