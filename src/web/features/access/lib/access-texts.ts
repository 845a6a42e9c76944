import { accessLimits } from '../../../../shared/access';
import type { Translator } from '../../../../shared/i18n/translator';
import { useFeatureTexts } from '../../../lib/i18n';

/**
 * The access flow's texts beyond accessMessages (the contract's), in the page's language. Where the
 * spec hides the wording (declined, pending, the check-email text) these are ours.
 */
export function accessTextsFor({ t }: Translator) {
  const minutes = accessLimits.signInLinkMinutes;
  return {
    loginTitle: (organisation: string) => t('access.loginTitle', { organisation }),
    loginSubtitle: t('access.loginSubtitle'),
    workEmail: t('access.workEmail'),
    backTo: (portalTitle: string) => t('access.backTo', { portalTitle }),
    back: t('access.back'),
    noAccessYet: t('access.noAccessYet'),
    workAtOrganisation: (organisation: string) => t('access.workAtOrganisation', { organisation }),
    logIntoWorkspace: t('access.logIntoWorkspace'),
    requestSubtitle: (organisation: string) => t('access.requestSubtitle', { organisation }),
    invitedNote: t('access.invitedNote'),
    firstName: t('access.firstName'),
    lastName: t('access.lastName'),
    email: t('access.workEmail'),
    companyName: t('access.companyName'),
    jobTitle: t('access.jobTitle'),
    pointOfContact: t('access.pointOfContact'),
    relationship: (organisation: string) => t('access.relationship', { organisation }),
    country: t('access.country'),
    products: t('access.products'),
    choose: t('access.choose'),
    agreeTo: t('access.agreeTo'),
    agreeToTerms: t('access.agreeToTerms'),
    and: t('access.and'),
    subscribe: (organisation: string) => t('access.subscribe', { organisation }),
    opensInNewTab: ` ${t('common.opensInNewTab')}`,
    submitting: t('access.submitting'),
    requestSentTitle: t('access.requestSentTitle'),
    requestSentText: (organisation: string) => t('access.requestSentText', { organisation }),
    checkEmailTitle: t('access.checkEmailTitle'),
    checkEmailText: (email: string) => t('access.checkEmailText', { email, minutes }),
    autoApprovedText: (email: string) => t('access.autoApprovedText', { email, minutes }),
    accountExistsText: (email: string) => t('access.accountExistsText', { email, minutes }),
    accessExpiredTitle: t('access.accessExpiredTitle'),
    accessExpiredText: (organisation: string) => t('access.accessExpiredText', { organisation }),
    requestAgain: t('access.requestAgain'),
    declinedTitle: t('access.declinedTitle'),
    declinedText: (organisation: string) => t('access.declinedText', { organisation }),
    declinedThirdPartyText: (organisation: string) => t('access.declinedThirdPartyText', { organisation }),
    pendingTitle: t('access.pendingTitle'),
    pendingText: (organisation: string, email: string) => t('access.pendingText', { organisation, email }),
    close: t('access.close'),
    ok: t('access.ok'),
    // Invite colleagues.
    inviteTitle: t('access.inviteTitle'),
    inviteSubtitle: (organisation: string) => t('access.inviteSubtitle', { organisation }),
    inviteEmails: t('access.inviteEmails'),
    inviteAdded: t('access.inviteAdded'),
    inviteEmailsHint: t('access.inviteEmailsHint'),
    inviteMessage: t('access.inviteMessage'),
    inviteRemove: (email: string) => t('access.inviteRemove', { email }),
    inviteTooMany: t('access.inviteTooMany', { max: accessLimits.inviteEmailsMax }),
    send: t('access.send'),
    sending: t('access.submitting'),
    inviteSentTitle: t('access.inviteSentTitle'),
    inviteSentText: (count: number) => t('access.inviteSentText', { count }),
    done: t('common.done'),
    // NDA.
    reviewNda: t('access.reviewNda'),
    signerName: t('access.signerName'),
    ndaAgree: t('access.ndaAgree'),
    accept: t('access.accept'),
    accepting: t('access.accepting'),
    ndaAccepted: t('access.ndaAccepted'),
    ndaAcceptFailed: t('access.ndaAcceptFailed'),
    // Preview.
    previewingAs: t('access.previewingAs'),
  };
}
export type AccessTexts = ReturnType<typeof accessTextsFor>;

/** The access texts of the page's language. */
export function useAccessTexts(): AccessTexts {
  return useFeatureTexts(accessTextsFor);
}
