import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Locale, locales } from '../../shared/i18n/locales';
import type { ServerRenderer } from '../../shared/page';
import { projectRoot } from '../project-root';

/**
 * The built web side, found by path at run time: the server never imports src/web (the import
 * boundary), it loads dist/server/entry-server.js and reads the client manifest for hashed names.
 */

const distDirectory = path.join(projectRoot, 'dist');
export const clientDirectory = path.join(distDirectory, 'client');
export const clientAssetsDirectory = path.join(clientDirectory, 'assets');
const manifestPath = path.join(clientDirectory, '.vite', 'manifest.json');
const rendererPath = path.join(distDirectory, 'server', 'entry-server.js');

export const webEntries = {
  portal: 'src/web/entry-portal.tsx',
  console: 'src/web/entry-console.tsx',
} as const;

type ManifestChunk = { file: string; name?: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** What one entry needs in the page head: its script, the chunks it imports at once, and its CSS. */
export type EntryAssets = { script: string; preloads: string[]; styles: string[] };

export type WebBuild = {
  renderer: ServerRenderer;
  entries: Record<keyof typeof webEntries, EntryAssets>;
  /** Each language's catalogue chunk, preloaded by a page in that language (shared/i18n). */
  catalogues: Partial<Record<Locale, string>>;
};

/** A catalogue is a dynamic entry of its own, or (English, which the console imports at once) a named chunk. */
function catalogueChunks(manifest: Manifest): Partial<Record<Locale, string>> {
  const chunks = Object.entries(manifest);
  return Object.fromEntries(
    locales.flatMap((locale) => {
      const chunk =
        manifest[`src/shared/i18n/compiled/${locale}.json`] ??
        chunks.find(([key, candidate]) => key.startsWith('_') && candidate.name === locale)?.[1];
      return chunk ? [[locale, `/${chunk.file}`]] : [];
    }),
  );
}

export class WebBuildMissingError extends Error {
  constructor(cause: unknown) {
    super(`The web build is missing or incomplete under dist/: run \`npm run build\` (${String(cause)})`);
    this.name = 'WebBuildMissingError';
  }
}

function collectEntryAssets(manifest: Manifest, key: string): EntryAssets {
  const entry = manifest[key];
  if (!entry) throw new WebBuildMissingError(`no manifest entry for ${key}`);
  const preloads = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunkKey: string) => {
    if (seen.has(chunkKey)) return;
    seen.add(chunkKey);
    const chunk = manifest[chunkKey];
    if (!chunk) return;
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) {
      const importedChunk = manifest[imported];
      if (importedChunk) preloads.add(`/${importedChunk.file}`);
      visit(imported);
    }
  };
  visit(key);
  return { script: `/${entry.file}`, preloads: [...preloads], styles: [...styles] };
}

function isServerRenderer(value: unknown): value is ServerRenderer {
  const candidate = value as Partial<ServerRenderer> | undefined;
  return (
    typeof candidate?.renderPortalPage === 'function' &&
    typeof candidate.renderAboutPage === 'function' &&
    typeof candidate.renderErrorPage === 'function' &&
    typeof candidate.renderActionPage === 'function' &&
    typeof candidate.renderMemberButton === 'function'
  );
}

async function readBuild(stamp: string, isReload: boolean): Promise<WebBuild> {
  let manifest: Manifest;
  let module: { renderer?: unknown };
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
    const url = pathToFileURL(rendererPath).href;
    module = await import(/* @vite-ignore */ isReload ? `${url}?build=${stamp}` : url);
  } catch (error) {
    throw new WebBuildMissingError(error instanceof Error ? error.message : error);
  }
  if (!isServerRenderer(module.renderer)) throw new WebBuildMissingError('entry-server exports no renderer');
  return {
    renderer: module.renderer,
    entries: {
      portal: collectEntryAssets(manifest, webEntries.portal),
      console: collectEntryAssets(manifest, webEntries.console),
    },
    catalogues: catalogueChunks(manifest),
  };
}

async function buildStamp(): Promise<string> {
  try {
    const [manifest, renderer] = await Promise.all([stat(manifestPath), stat(rendererPath)]);
    return `${manifest.mtimeMs}-${renderer.mtimeMs}`;
  } catch (error) {
    throw new WebBuildMissingError(error instanceof Error ? error.message : error);
  }
}

let current: { stamp: string; build: Promise<WebBuild> } | null = null;

/**
 * Loads the build once; with isWatching (outside production) a rebuilt dist/ is picked up on the next
 * request, so `vite build --watch` beside `npm run dev` works without restarting the server.
 */
export async function loadWebBuild(options: { isWatching: boolean }): Promise<WebBuild> {
  if (current && !options.isWatching) return current.build;
  const stamp = await buildStamp();
  if (current?.stamp === stamp) return current.build;
  const isReload = current !== null;
  const build = readBuild(stamp, isReload);
  const loading = { stamp, build };
  current = loading;
  build.catch(() => {
    if (current === loading) current = null;
  });
  return build;
}
