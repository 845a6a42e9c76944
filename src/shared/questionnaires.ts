import { z } from 'zod';
import { limits } from './limits';
import { isPrivateHost } from './network-address';

export const questionnaireLimits = {
  uploadMaxBytes: 25 * 1024 * 1024,
  fileNameMaxLength: 255,
  /** Submissions a member may send per hour. */
  submissionsPerHour: 20,
} as const;

/** What a questionnaire may be, by the type its bytes show (csv: valid UTF-8 text named .csv). */
export const questionnaireContentTypes = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/pdf',
  'text/csv; charset=utf-8',
] as const;
export const questionnaireFileAccept = '.xlsx,.docx,.pdf,.csv';

export const questionnaireMessages = {
  disabled: 'Questionnaires are not enabled for this trust center.',
  memberRequired: 'Sign in with an account that has access to submit a questionnaire.',
  fileTooLarge: `The questionnaire is too large: at most ${questionnaireLimits.uploadMaxBytes / 1024 / 1024} MB.`,
  fileEmpty: 'The file is empty.',
  fileTypeNotAllowed: 'Upload an Excel (.xlsx), Word (.docx), PDF or CSV file.',
  fileNameInvalid: 'The file name is not valid.',
  linkInvalid: 'Please enter a valid URL.',
  linkNotHttps: 'The link must start with https://.',
  linkPrivate: 'The link must point to a public address.',
  notFound: 'This questionnaire does not exist.',
} as const;

/** The dialogs' texts (spec 2 §2 Questionnaires). */
export const questionnaireTexts = {
  entryTitle: 'Questionnaires can take some time',
  entryBody:
    'Most answers are already on this page: check the documents first, they may answer your questionnaire.',
  viewDocuments: 'View Documents',
  uploadIt: 'upload it',
  provideLink: 'provide a link',
  stillNeed: (upload: string, link: string) => `Still need one? You can ${upload} or ${link}.`,
  fileLabel: 'Questionnaire file',
  fileHint: 'Excel, Word, PDF or CSV, up to 25 MB.',
  linkLabel: 'Link to the questionnaire',
  submit: 'Submit',
  back: 'Back',
  cancel: 'Cancel',
  successTitle: 'Questionnaire submitted successfully',
  successBody: 'The team will review it and get back to you by e-mail.',
  gotIt: 'Got it',
  failed: 'The questionnaire could not be submitted.',
} as const;

/** An https URL whose host is not a private or loopback literal; stored, never fetched. */
export const QuestionnaireLink = z
  .string()
  .trim()
  .min(1, questionnaireMessages.linkInvalid)
  .max(limits.urlMaxLength, questionnaireMessages.linkInvalid)
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: questionnaireMessages.linkInvalid });
      return;
    }
    if (url.protocol !== 'https:') {
      context.addIssue({ code: 'custom', message: questionnaireMessages.linkNotHttps });
    } else if (!url.hostname || url.username || url.password) {
      context.addIssue({ code: 'custom', message: questionnaireMessages.linkInvalid });
    } else if (isPrivateHost(url.hostname)) {
      context.addIssue({ code: 'custom', message: questionnaireMessages.linkPrivate });
    }
  });

export const QuestionnaireLinkInput = z.object({ link: QuestionnaireLink });
export type QuestionnaireLinkInput = z.input<typeof QuestionnaireLinkInput>;

export const QuestionnaireUploadQuery = z.object({
  name: z.string().min(1).max(questionnaireLimits.fileNameMaxLength),
});

export const QuestionnaireSubmitted = z.object({ id: z.string().uuid(), status: z.literal('submitted') });
export type QuestionnaireSubmitted = z.infer<typeof QuestionnaireSubmitted>;

export const QuestionnaireSubmission = z.object({
  id: z.string().uuid(),
  kind: z.enum(['file', 'link']),
  accountId: z.string().uuid(),
  accountName: z.string(),
  memberEmail: z.string().nullable(),
  memberName: z.string().nullable(),
  link: z.string().nullable(),
  originalName: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
  status: z.enum(['open', 'done']),
  doneAt: z.string().nullable(),
  createdAt: z.string(),
});
export type QuestionnaireSubmission = z.infer<typeof QuestionnaireSubmission>;

export const QuestionnaireSubmissionList = z.object({ submissions: z.array(QuestionnaireSubmission) });
export type QuestionnaireSubmissionList = z.infer<typeof QuestionnaireSubmissionList>;

export const QuestionnaireStatusInput = z.object({ status: z.enum(['open', 'done']) });
