import type { Locale } from './i18n/locales';
import type { PortalMember, PortalView } from './portal';

/**
 * The contract between the server and the web build: what the server hands to the SSR bundle and
 * inlines for hydration. Types only, so the portal's first-load JS carries no schema code.
 */

export const pageDataElementId = 'attest-page-data';

/** The most recent trust update, when one was created within the notification window (later issue). */
export type RecentUpdate = { topicId: string; subject: string | null; createdAt: string };

export type PortalPageData = {
  view: PortalView;
  /** Where this portal lives on the current host: '/acme' by slug, '' on the organisation's own domain. */
  basePath: string;
  /** Present for a signed-in session so in-place editing can write; null for visitors. */
  csrfToken: string | null;
  recentUpdate: RecentUpdate | null;
  /** The language the page is in, and the organisation's others with the address of this page in each. */
  languages: PortalLanguages;
  /** The item an item permalink or ?itemUid= names, when the viewer may see it: its card opens on load. */
  openItemUid?: string;
};

export type PortalLanguages = {
  locale: Locale;
  offered: Locale[];
  hrefs: Partial<Record<Locale, string>>;
};

export type ErrorPageData = {
  status: number;
  title: string;
  message: string;
  /** The cause, shown outside production only. */
  detail: string | null;
};

export type AboutPageData = { licence: string; version: string };

export type ChoiceGroup = {
  legend: string;
  options: Array<{ name: string; label: string; checked: boolean }>;
};

/**
 * A small page of an organisation's own flows (confirm a subscription, sign in from a link, welcome
 * with a company sign-in): the portal's brand around a heading, a text and at most one form.
 */
export type ActionPageData = {
  /** The page's language; English (the spec's texts) when not given. */
  locale?: Locale;
  organisation: { name: string; logoUrl: string | null; portalTitle: string; showPortalTitle: boolean };
  heading: string;
  text: string;
  /** Further paragraphs after text, and labelled facts (an end date) under them. */
  moreText?: string[];
  facts?: Array<{ label: string; value: string }>;
  /** What the last post did ("Your choices are saved."), or what was wrong with it. */
  notice?: string;
  error?: string;
  /** A plain form post, so the page works without scripts and opening it changes nothing. */
  form: {
    action: string;
    fields: Record<string, string>;
    button: string;
    /** Sent as `intent` by the main button; `alternatives` are further buttons with their own intent. */
    intent?: string;
    alternatives?: Array<{ intent: string; label: string }>;
    /** Groups of checkboxes, each posted as `name=on` when ticked. */
    choices?: ChoiceGroup[];
    /** One choice among options, posted as `name=value`. */
    radios?: { legend: string; name: string; options: Array<{ value: string; label: string }> };
    /** A text field (an e-mail address) or a longer text (a reason), each with its label. */
    input?: {
      name: string;
      label: string;
      type: 'email' | 'text' | 'url';
      autoComplete?: string;
      hint?: string;
    };
    textarea?: { name: string; label: string; maxLength: number; hint?: string };
  } | null;
  /** Further links under the form, with a heading (the feeds a subscriber may follow instead). */
  links?: {
    heading: string;
    /** One link, or a label with the same thing in several formats ("Compliance: Atom · JSON Feed"). */
    items: Array<
      { label: string; href: string } | { label: string; formats: Array<{ href: string; label: string }> }
    >;
  };
  back: { href: string; label: string };
};

/** What dist/server/entry-server.js exports; the server checks the shape when it loads the bundle. */
export type ServerRenderer = {
  renderPortalPage(data: PortalPageData): string;
  renderAboutPage(data: AboutPageData): string;
  renderErrorPage(data: ErrorPageData): string;
  renderActionPage(data: ActionPageData): string;
  /** The signed-in member's header button exactly as the portal page renders it before hydration. */
  renderMemberButton(member: PortalMember, locale: Locale): string;
};

/** JSON that is safe inside a script element: no '<' can close it early. */
export function serializePageData(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
