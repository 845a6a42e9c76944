import type { PlanFeatures } from '../../shared/cards';
import { permissionsOfRole, type StaffPermission, type StaffRole } from '../../shared/permissions';
import {
  type PortalCustomisation,
  type PublicAccessLevel,
  ReviewStatus,
  type ViewerMode,
} from '../../shared/portal';

export type ViewerOrganisation = {
  id: string;
  slug: string;
  name: string;
  websiteUrl: string | null;
  customDomain: string | null;
  customisation: PortalCustomisation;
  planFeatures: PlanFeatures;
  logoAssetId: string | null;
  faviconAssetId: string | null;
  bannerAssetId: string | null;
  revision: number;
  /** Of a member session's rights (organisations.access_revision); as read with this organisation. */
  accessRevision: number;
  updatedAt: Date;
};

export type ViewerStaff = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** The role's permissions (shared/permissions.ts), never stored apart from it. */
  permissions: ReadonlySet<StaffPermission>;
};

export function viewerStaffOf(user: {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}): ViewerStaff {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    permissions: new Set(permissionsOfRole(user.role)),
  };
}

export type ViewerMember = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Joined through an auto-approved domain (the account menu says so); read with the session. */
  isAutoApproved: boolean;
  account: {
    id: string;
    name: string;
    reviewStatus: ReviewStatus;
    accessExpiresAt: Date | null;
    permissionProfileId: string | null;
  };
};

export type ViewerSession = {
  id: string;
  kind: 'staff' | 'member';
  csrfToken: string;
  /** The id the session list shows (the primary key is a token hash). */
  publicId?: string;
  /** When this session last proved a second factor; step-up asks again after a few minutes. */
  secondFactorAt?: Date | null;
};

/** Who is looking at which organisation, in which mode. Built once per request by the viewer plugin. */
export type Viewer = {
  organisation: ViewerOrganisation;
  mode: ViewerMode;
  staff: ViewerStaff | null;
  member: ViewerMember | null;
  preview: { accountId: string | null; permissionProfileId: string | null } | null;
  publicAccessLevel: PublicAccessLevel;
  session: ViewerSession | null;
};

export type ViewerFacts = {
  organisation: ViewerOrganisation;
  session: ViewerSession | null;
  staff: ViewerStaff | null;
  member: ViewerMember | null;
  previewRequest: { accountId: string | null; permissionProfileId: string | null; asPublic: boolean };
  now: Date;
};

/** A member row and its account as the viewer carries them (a session, a TPRM token, a draft). */
export function viewerMemberOf({
  member,
  account,
}: {
  member: Pick<ViewerMember, 'id' | 'email' | 'firstName' | 'lastName' | 'isAutoApproved'>;
  account: Omit<ViewerMember['account'], 'reviewStatus'> & { reviewStatus: string };
}): ViewerMember {
  return {
    id: member.id,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    isAutoApproved: member.isAutoApproved,
    account: {
      id: account.id,
      name: account.name,
      reviewStatus: ReviewStatus.parse(account.reviewStatus),
      accessExpiresAt: account.accessExpiresAt,
      permissionProfileId: account.permissionProfileId,
    },
  };
}

export function isMemberAuthorised(member: ViewerMember, now: Date): boolean {
  const { reviewStatus, accessExpiresAt } = member.account;
  return (
    reviewStatus === 'approved' && (accessExpiresAt === null || accessExpiresAt.getTime() > now.getTime())
  );
}

/**
 * Spec 1 §2 Modes: staff of the organisation get Main, or Preview when they ask to see the page as an
 * account and/or permission profile (or as the public); an authorised member gets AccountExternal;
 * everyone else, including a member who is not authorised, gets Public.
 */
export function buildViewer(facts: ViewerFacts): Viewer {
  const { organisation, staff, member, previewRequest, session, now } = facts;
  const base = { organisation, publicAccessLevel: organisation.customisation.publicAccessLevel, session };
  if (staff) {
    const isPreview =
      previewRequest.asPublic ||
      previewRequest.accountId !== null ||
      previewRequest.permissionProfileId !== null;
    return {
      ...base,
      mode: isPreview ? 'preview' : 'main',
      staff,
      member: null,
      preview: isPreview
        ? { accountId: previewRequest.accountId, permissionProfileId: previewRequest.permissionProfileId }
        : null,
    };
  }
  if (member && isMemberAuthorised(member, now)) {
    return { ...base, mode: 'account_external', staff: null, member, preview: null };
  }
  return { ...base, mode: 'public', staff: null, member, preview: null };
}

/** The viewer of a request without a session: the public, or a member acting through an access token. */
export function sessionlessViewer(
  organisation: ViewerOrganisation,
  member: ViewerMember | null = null,
  now = new Date(),
): Viewer {
  return buildViewer({
    organisation,
    session: null,
    staff: null,
    member,
    previewRequest: { accountId: null, permissionProfileId: null, asPublic: false },
    now,
  });
}
