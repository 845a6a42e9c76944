import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types; the test compiles exactly as it does.
import { compileCatalogue } from '../../../scripts/compile-catalogues.mjs';
import { locales } from './locales';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(read(`src/shared/i18n/catalogues/${locale}.json`));
const english = catalogue('en');

/** The values a compiled message uses, and for each plural the categories it writes. */
function valuesOf(compiled: unknown, found = { names: new Set<string>(), plurals: [] as string[][] }) {
  if (!Array.isArray(compiled)) return found;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, type, cases] = token as [string, string | undefined, Record<string, unknown> | undefined];
    found.names.add(name);
    if (type === 'plural' && cases) {
      found.plurals.push(Object.keys(cases));
      for (const branch of Object.values(cases)) valuesOf(branch, found);
    }
  }
  return found;
}

/**
 * The portal's files whose every visible string comes from the catalogue: a text, label, title or
 * placeholder written into one of them fails below. Surfaces join the list as they are translated.
 */
const translatedSurfaces = [
  'src/web/features/portal/components/site-footer.tsx',
  'src/web/features/portal/components/overview-hero.tsx',
  'src/web/features/portal/components/hero-compliance.tsx',
  'src/web/features/portal/components/welcome-dialog.tsx',
  'src/web/features/portal/components/portal-shell.tsx',
  'src/web/features/portal/components/product-menu-trigger.tsx',
  'src/web/features/portal/components/product-menu-popup.tsx',
  'src/web/features/portal/components/cookie-settings-dialog.tsx',
  'src/web/features/subscriptions/components/subscribe-popover.tsx',
  'src/web/features/subscriptions/components/subscribe-button.tsx',
  'src/web/features/access/components/header-access-entry.tsx',
  'src/web/features/access/components/account-menu.tsx',
  'src/web/features/search/components/search-entry.tsx',
  'src/web/features/consent/components/consent-banner.tsx',
  'src/web/features/updates/components/updates-notification-bar.tsx',
  'src/web/features/updates/components/updates-card.tsx',
  'src/web/features/updates/components/topic-entry.tsx',
  'src/web/features/updates/components/update-badges.tsx',
  'src/web/features/portal-extras/components/help-section.tsx',
  'src/web/features/portal-extras/components/security-review-banner.tsx',
  'src/web/features/portal-extras/components/share-card.tsx',
  'src/web/features/portal-extras/components/share-panel.tsx',
  'src/web/features/portal-extras/components/share-popover.tsx',
  'src/web/features/portal-extras/components/share-trigger.tsx',
  'src/web/components/ui/pagination.tsx',
  'src/web/features/access/components/access-entry.tsx',
  'src/web/features/access/components/access-layer.tsx',
  'src/web/features/access/components/form-parts.tsx',
  'src/web/features/access/components/invite-colleagues-dialog.tsx',
  'src/web/features/access/components/login-form.tsx',
  'src/web/features/access/components/member-layer.tsx',
  'src/web/features/access/components/member-trigger.tsx',
  'src/web/features/access/components/nda-dialog.tsx',
  'src/web/features/access/components/outcome-dialog.tsx',
  'src/web/features/access/components/request-form.tsx',
  'src/web/features/cards/components/card-drawer.tsx',
  'src/web/features/cards/components/card-icon.tsx',
  'src/web/features/cards/components/card-sections.tsx',
  'src/web/features/cards/components/certifications-card/certifications-grid.tsx',
  'src/web/features/cards/components/deferred-card-parts.tsx',
  'src/web/features/cards/components/deferred-grid-card.tsx',
  'src/web/features/cards/components/documents-card/bulk-download-dialog.tsx',
  'src/web/features/cards/components/documents-card/document-tile.tsx',
  'src/web/features/cards/components/documents-card/documents-card.tsx',
  'src/web/features/cards/components/documents-card/documents-fixture.tsx',
  'src/web/features/cards/components/grid-card.tsx',
  'src/web/features/cards/components/integrations/integration-widget.tsx',
  'src/web/features/cards/components/integrations/live-widgets.tsx',
  'src/web/features/cards/components/item-entry.tsx',
  'src/web/features/cards/components/item-permalink-button.tsx',
  'src/web/features/cards/components/item-status-icon.tsx',
  'src/web/features/cards/components/item-tag-list.tsx',
  'src/web/features/cards/components/locked-item-notice.tsx',
  'src/web/features/cards/components/overview-card/overview-text.tsx',
  'src/web/features/cards/components/page-card-icon.tsx',
  'src/web/features/cards/components/portal-card.tsx',
  'src/web/features/cards/components/risk-profile-card/risk-profile-list.tsx',
  'src/web/features/cards/components/security-grades-card/grade-pill.tsx',
  'src/web/features/cards/components/security-grades-card/security-grades-list.tsx',
  'src/web/features/cards/components/specialised-card-body.tsx',
  'src/web/features/cards/components/specialised-item-detail.tsx',
  'src/web/features/cards/components/static-card-body-renderer.tsx',
  'src/web/features/cards/components/static-card-body.tsx',
  'src/web/features/cards/components/subprocessors-card/subprocessors-table.tsx',
  'src/web/features/cards/components/subprocessors-card/upcoming-changes.tsx',
  'src/web/features/cards/components/trusted-by-card/trusted-by-grid.tsx',
  'src/web/features/search/components/ai-answer.tsx',
  'src/web/features/search/components/markdown-answer.tsx',
  'src/web/features/search/components/mode-switch.tsx',
  'src/web/features/search/components/result-detail.tsx',
  'src/web/features/search/components/result-icon.tsx',
  'src/web/features/search/components/search-dialog.tsx',
  'src/web/features/search/components/search-result-list.tsx',
  'src/web/features/search/components/search-status.tsx',
  'src/web/features/search/components/snippet-text.tsx',
  'src/web/features/subscriptions/components/subscribe-result-dialog.tsx',
  'src/web/features/subscriptions/components/unsubscribe-dialog.tsx',
  'src/web/features/subscriptions/components/subscription-entry.tsx',
  'src/web/features/consent/components/cookie-declaration-dialog.tsx',
  'src/web/features/consent/components/consent-manager.tsx',
  'src/web/features/consent/components/consent-entry.tsx',
  'src/web/features/knowledge-base/components/knowledge-base-panel.tsx',
  'src/web/features/knowledge-base/components/knowledge-base-dialog.tsx',
  'src/web/features/knowledge-base/components/kb-grid.tsx',
  'src/web/features/access/components/access-tokens-dialog.tsx',
];
const visibleAttributes = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'description',
  'note',
]);
/** Names, not words: the product's own, a vendor's, a key cap's and an HTTP header, the same in every language. */
const untranslatable = new Set(['Attest', 'Google Tag Manager', 'esc', 'Authorization: Bearer …']);

/** The text an attribute such as aria-label or placeholder is given as a literal, if any. */
function attributeText(node: ts.JsxAttribute): string | null {
  if (!visibleAttributes.has(node.name.getText())) return null;
  const value = node.initializer;
  const literal =
    value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
      ? value.expression
      : value;
  return literal && ts.isStringLiteral(literal) ? literal.text : null;
}

/** A literal written between tags: {'words'}, or `From ${date}: ` whatever it interpolates. */
function childExpressionText(node: ts.JsxExpression): string | null {
  const expression = node.expression;
  if (!expression || !ts.isJsxElement(node.parent)) return null;
  if (ts.isStringLiteralLike(expression)) return expression.text;
  if (!ts.isTemplateExpression(expression)) return null;
  return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(' ');
}

function hardCodedTexts(file: string, text = read(file)): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const isWords = (candidate: string | null): candidate is string =>
    candidate !== null && /\p{L}{2,}/u.test(candidate) && !untranslatable.has(candidate.trim());
  const visit = (node: ts.Node) => {
    const candidate = ts.isJsxText(node)
      ? node.text
      : ts.isJsxAttribute(node)
        ? attributeText(node)
        : ts.isJsxExpression(node)
          ? childExpressionText(node)
          : null;
    if (isWords(candidate)) found.push(candidate.trim());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(directory, file.split(path.sep).join('/')));
}

describe('the visitor catalogues', () => {
  it.each(locales.filter((locale) => locale !== 'en'))(
    '%s translates every English key and no other',
    (locale) => {
      const translated = catalogue(locale);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(translated)) {
        expect(message.trim(), key).not.toBe('');
      }
    },
  );

  it.each([...locales])(
    '%s uses the values English gives, and writes every plural form the language has',
    (locale) => {
      const compiled = compileCatalogue(catalogue(locale));
      const englishCompiled = compileCatalogue(english);
      // The forms the language uses for the counts a page shows (French's 'many' is for millions).
      const rules = new Intl.PluralRules(locale);
      const needed = new Set(Array.from({ length: 1001 }, (_, count) => rules.select(count)));
      for (const key of Object.keys(english)) {
        const values = valuesOf(compiled[key]);
        expect([...values.names].sort(), `${locale} ${key}`).toEqual(
          [...valuesOf(englishCompiled[key]).names].sort(),
        );
        for (const categories of values.plurals) {
          for (const category of needed) expect(categories, `${locale} ${key}`).toContain(category);
        }
      }
    },
  );

  it('ships compiled catalogues that match their sources (npm run i18n:compile)', () => {
    for (const locale of locales) {
      const shipped = JSON.parse(read(`src/shared/i18n/compiled/${locale}.json`));
      expect(shipped, locale).toEqual(compileCatalogue(catalogue(locale)));
    }
  });

  it('has no key that no code uses', () => {
    const code = [...sourceFiles('src/web'), ...sourceFiles('src/server'), ...sourceFiles('src/shared')]
      .map(read)
      .join('\n');
    const unused = Object.keys(english).filter((key) => !code.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('leaves no visible English written into a translated surface', () => {
    const found = Object.fromEntries(
      translatedSurfaces
        .map((file) => [file, hardCodedTexts(file)] as const)
        .filter(([, texts]) => texts.length > 0),
    );
    expect(found).toEqual({});
  });

  it('finds a hard-coded text, so the check above can fail', () => {
    const probe =
      'export const P = () => <p title="Hello there">Welcome <b>{"back"}</b><a aria-label={"Go home"} />{t("x")} Attest<i>{`From $' +
      '{day}:`}</i></p>;';
    expect(hardCodedTexts('probe.tsx', probe).sort()).toEqual([
      'From  :',
      'Go home',
      'Hello there',
      'Welcome',
      'back',
    ]);
  });
});
