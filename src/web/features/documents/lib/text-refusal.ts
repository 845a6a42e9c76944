import type { TextRefusalReason } from '../../../../shared/documents';

/** What staff read when a document's text could not be extracted: why, in words, and what it means. */
export const textRefusalLabels: Record<TextRefusalReason, { title: string; explanation: string }> = {
  too_large: {
    title: 'Text too large to read',
    explanation:
      'The file, or what its compressed content expands to, is over the safe limit for reading text.',
  },
  timeout: {
    title: 'Text reading timed out',
    explanation: 'Reading its text took too long and was stopped.',
  },
  encrypted: {
    title: 'Text locked',
    explanation: 'The PDF is password-protected, so its text cannot be read.',
  },
  unreadable: {
    title: 'Text reading failed',
    explanation: 'The PDF is damaged or in a form its text could not be read from.',
  },
  bytes_missing: {
    title: 'No file to read',
    explanation: 'The file’s bytes were not stored when its text was to be read.',
  },
};

export const textRefusalConsequence =
  'Search will not find words from this document. Upload a smaller or unlocked copy to make it searchable.';
