import { z } from 'zod';
import { limits } from './limits';

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

/** Private, loopback, link-local, shared, benchmark and unspecified IPv4 ranges (address, prefix length). */
const ipv4PrivateRanges: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
];

function ipv4Number(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((total, part) => total * 256 + Number(part), 0);
}

/** 127.0.0.1, 10.x, 192.168.x, [::1], fc00::/7, fe80::/10, localhost…: hosts that name this side of the network. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = ipv4Number(host);
  if (v4 !== null) {
    // Multicast and reserved (224.0.0.0 and above) are never a questionnaire's host either.
    if (v4 >= 0xe0000000) return true;
    return ipv4PrivateRanges.some(([base, bits]) => {
      const size = 2 ** (32 - bits);
      return Math.floor(v4 / size) === Math.floor(ipv4Number(base)! / size);
    });
  }
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1);
    if (v6 === '::' || v6 === '::1') return true;
    if (/^f[cd]/.test(v6) || /^fe[89ab]/.test(v6)) return true;
    const mapped = /^::ffff:(.+)$/.exec(v6);
    if (mapped) {
      const tail = mapped[1]!;
      if (tail.includes('.')) return isPrivateHost(tail);
      const [high, low] = tail.split(':').map((part) => Number.parseInt(part, 16));
      return isPrivateHost(`${(high! >> 8) & 255}.${high! & 255}.${(low! >> 8) & 255}.${low! & 255}`);
    }
  }
  return false;
}

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
