import { randomUUID } from 'node:crypto';
import type { Locale } from '../../../shared/i18n/locales';
import { type PortalPageData, serializePageData } from '../../../shared/page';
import type { PortalMember } from '../../../shared/portal';
import type { WebBuild } from '../../render/web-build';
import { prepareSplicedBody, type SplicedBody } from './prepared-body';

/**
 * A signed-in member's portal page, shared by everyone of their access shape: rendered once with
 * stand-ins for what is theirs alone (their name and e-mail in the header button and the page data,
 * their session's CSRF token), which each request splices back in. Random, so no content holds them.
 */
const standIn = (name: string) => `attestpersonal${name}${randomUUID().replaceAll('-', '')}`;
const standInStrings = {
  email: standIn('email'),
  firstName: standIn('first'),
  lastName: standIn('last'),
  accountName: standIn('account'),
  accountId: randomUUID(),
};
const csrfStandIn = standIn('csrf');

/** What a member's page shows that is not a string of theirs: members equal in these share one page. */
export function personalPageKey(member: PortalMember): string {
  const { reviewStatus, isAccessExpired, accessExpiresAt, isAutoApprovedAccountMember } = member;
  return JSON.stringify([
    reviewStatus,
    isAccessExpired ?? false,
    accessExpiresAt ?? '',
    isAutoApprovedAccountMember,
  ]);
}

type PersonalPart = 'memberButton' | 'memberData' | 'csrfToken';

/** The shared page and its parts in the order they occur; `unshareable` when the page shows more of the member. */
export type PersonalPageTemplate =
  | { kind: 'spliced'; body: SplicedBody; parts: PersonalPart[]; byteLength: number }
  | { kind: 'unshareable'; byteLength: number };

/** A page without a session has no token to splice (a bare `null` would match anywhere). */
function partsOf(
  build: WebBuild,
  member: PortalMember,
  csrfToken: string | null,
  locale: Locale,
): Partial<Record<PersonalPart, string>> {
  return {
    memberButton: build.renderer.renderMemberButton(member, locale),
    memberData: serializePageData(member),
    ...(csrfToken === null ? {} : { csrfToken: serializePageData(csrfToken) }),
  };
}

/**
 * `render` draws the whole document from page data, whose member is `member`. Every stand-in must end up inside exactly one
 * part: if the page showed a member's string anywhere else, sharing it would be wrong, so it is not.
 */
export function preparePersonalPage(
  build: WebBuild,
  data: PortalPageData,
  member: PortalMember,
  render: (data: PortalPageData) => string,
): PersonalPageTemplate {
  const standInMember: PortalMember = { ...member, ...standInStrings };
  const standInCsrf = data.csrfToken === null ? null : csrfStandIn;
  const text = render({
    ...data,
    csrfToken: standInCsrf,
    view: { ...data.view, viewer: { ...data.view.viewer, member: standInMember } },
  });
  const placeholders = Object.entries(partsOf(build, standInMember, standInCsrf, data.languages.locale)) as [
    PersonalPart,
    string,
  ][];
  const found = placeholders
    .map(([part, placeholder]) => ({ part, placeholder, at: text.indexOf(placeholder) }))
    .sort((a, b) => a.at - b.at);
  let rest = text;
  for (const { placeholder } of found) rest = rest.replace(placeholder, '');
  const isShowingMore = [...Object.values(standInStrings), csrfStandIn].some((value) => rest.includes(value));
  if (found.some((part) => part.at < 0) || isShowingMore) return { kind: 'unshareable', byteLength: 0 };
  try {
    const body = prepareSplicedBody(
      'text/html; charset=utf-8',
      text,
      found.map(({ placeholder }) => placeholder),
    );
    return { kind: 'spliced', body, parts: found.map(({ part }) => part), byteLength: body.byteLength };
  } catch {
    // A placeholder repeated: the page shows that part twice, so it is drawn per request.
    return { kind: 'unshareable', byteLength: 0 };
  }
}

/** This member's parts, in the template's order. */
export function personalParts(
  build: WebBuild,
  template: Extract<PersonalPageTemplate, { kind: 'spliced' }>,
  member: PortalMember,
  csrfToken: string | null,
  locale: Locale,
): string[] {
  const parts = partsOf(build, member, csrfToken, locale);
  return template.parts.map((part) => parts[part] ?? '');
}
