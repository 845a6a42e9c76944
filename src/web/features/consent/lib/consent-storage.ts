import {
  type ConsentCategory,
  type ConsentRecord,
  ConsentRecord as ConsentRecordSchema,
  consentStorageKey,
} from '../../../../shared/consent';

export type ConsentChoices = Omit<ConsentRecord['categories'], 'strictly_necessary'>;

export const rejectAll: ConsentChoices = {
  analytics: false,
  marketing_and_advertising: false,
  social_media_advertising: false,
  performance_and_functionality: false,
};
export const acceptAll: ConsentChoices = {
  analytics: true,
  marketing_and_advertising: true,
  social_media_advertising: true,
  performance_and_functionality: true,
};

/** The stored record, or null when the visitor has not chosen yet (or the record is unreadable). */
export function readConsent(organisationId: string): ConsentRecord | null {
  try {
    const raw = window.localStorage.getItem(consentStorageKey(organisationId));
    if (!raw) return null;
    const parsed = ConsentRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage blocked or corrupt: ask again rather than assume consent.
    return null;
  }
}

export function writeConsent(
  organisationId: string,
  choices: ConsentChoices,
  now = new Date(),
): ConsentRecord {
  const record: ConsentRecord = {
    version: 1,
    decidedAt: now.toISOString(),
    categories: { strictly_necessary: true, ...choices },
  };
  try {
    window.localStorage.setItem(consentStorageKey(organisationId), JSON.stringify(record));
  } catch {
    // Without storage the choice holds for this page view only.
  }
  return record;
}

export function isGranted(record: ConsentRecord | null, category: ConsentCategory): boolean {
  return record?.categories[category] === true;
}
