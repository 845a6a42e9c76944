import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A first visit of the portal loads no TanStack Query (decision 316): the page model lives in a small
 * store, and a lazy part that fetches gets Query with its code through lazyWithPageQuery, which also
 * gives it the page's query client. Read from the source: the static import graph from the hydration
 * entry, and every import() inside it whose target reaches Query must be wrapped.
 */
const webRoot = path.dirname(fileURLToPath(import.meta.url));
const hydrationEntry = path.join(webRoot, 'hydrate-portal.tsx');
const queryPackage = '@tanstack/react-query';

const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
const dynamicImport = /import\(\s*'([^']+)'\s*\)/g;

function resolveModule(from: string, specifier: string): string {
  if (!specifier.startsWith('.'))
    return specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.(ts|tsx|css)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

const sources = new Map<string, string>();
const sourceOf = (file: string) => {
  let text = sources.get(file);
  if (text === undefined) {
    text = file.endsWith('.css') ? '' : readFileSync(file, 'utf8');
    sources.set(file, text);
  }
  return text;
};

/** Every module (files and package names) loaded at once with `entry`. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (!path.isAbsolute(current)) continue;
    for (const [, specifier] of sourceOf(current).matchAll(staticImport))
      pending.push(resolveModule(current, specifier!));
  }
  return seen;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** True when the import() of `specifier` in `text` is lazyWithPageQuery's loader, inline or named. */
function isLoadedWithPageQuery(text: string, specifier: string): boolean {
  const loader = `\\(\\)\\s*=>\\s*import\\(\\s*'${escapeRegExp(specifier)}'\\s*\\)`;
  if (new RegExp(`lazyWithPageQuery\\(\\s*${loader}`).test(text)) return true;
  const named = new RegExp(`const\\s+(\\w+)\\s*=\\s*${loader}`).exec(text);
  return named !== null && new RegExp(`lazyWithPageQuery\\([^;]*\\b${named[1]}\\b`).test(text);
}

describe('lazy parts of the portal', () => {
  const firstLoad = staticGraph(hydrationEntry);

  it('loads no TanStack Query until a part that fetches loads', () => {
    expect(firstLoad.has(queryPackage)).toBe(false);
    // The walk really follows the page: its cards and the hydration entry's imports are in it.
    expect([...firstLoad].some((file) => file.endsWith('card-sections.tsx'))).toBe(true);
  });

  it('loads every lazy part that reaches TanStack Query through lazyWithPageQuery', () => {
    // Parts loaded with a plain import() have no query client above them either: walk into them too.
    const unwrapped: string[] = [];
    let reachingQuery = 0;
    const walked = new Set<string>();
    const roots = [hydrationEntry];
    while (roots.length > 0) {
      for (const file of staticGraph(roots.pop()!)) {
        // lazyWithPageQuery's own import() is the provider those parts get.
        if (!path.isAbsolute(file) || walked.has(file) || file.endsWith('lazy-with-page-query.tsx')) continue;
        walked.add(file);
        const text = sourceOf(file);
        for (const [, specifier] of text.matchAll(dynamicImport)) {
          const target = resolveModule(file, specifier!);
          const isWrapped = isLoadedWithPageQuery(text, specifier!);
          if (!staticGraph(target).has(queryPackage)) {
            if (!isWrapped) roots.push(target);
            continue;
          }
          reachingQuery++;
          if (!isWrapped) unwrapped.push(`${path.relative(webRoot, file)}: import('${specifier}')`);
        }
      }
    }
    expect(unwrapped).toEqual([]);
    expect(reachingQuery).toBeGreaterThan(5);
  });

  it("loads no zod with the first visit or with a card's drawer, which a visitor's hover loads ahead", () => {
    const drawer = staticGraph(path.join(webRoot, 'features', 'cards', 'components', 'card-drawer.tsx'));
    expect(firstLoad.has('zod')).toBe(false);
    const reachingZod = (graph: Set<string>) =>
      [...graph].filter((file) => path.isAbsolute(file) && /from 'zod'/.test(sourceOf(file)));
    expect(reachingZod(drawer).map((file) => path.relative(webRoot, file))).toEqual([]);
    expect([...drawer].some((file) => file.endsWith('item-permalink-button.tsx'))).toBe(true);
  });
});
