import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const iconBarrel = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const clientEntries = { portal: 'src/web/entry-portal.tsx', console: 'src/web/entry-console.tsx' };
/** Where each client's code starts: the portal's entry only imports its hydration after the first paint. */
const clientRoots = { portal: 'src/web/hydrate-portal.tsx', console: 'src/web/entry-console.tsx' };

/**
 * Which client entries import each module statically (at once, not through import()), read from the
 * module graph once it is built; the chunking below groups modules by it.
 */
/** The icon modules a source file imports by name from lucide-react's barrel. */
function iconsImportedBy(importer: string, barrel: string): string[] {
  iconFiles ??= new Map(
    [...readFileSync(barrel, 'utf8').matchAll(/export \{([^}]+)\} from '(\.[^']+)'/g)].flatMap(
      ([, names, file]) =>
        names!
          .split(',')
          .map((name) => [
            name.replace(/^\s*default as\s+/, '').trim(),
            path.resolve(path.dirname(barrel), file!),
          ]),
    ),
  );
  const source = readFileSync(importer, 'utf8');
  const names = [...source.matchAll(/import\s*\{([^}]+)\}\s*from\s*'lucide-react'/g)].flatMap(([, list]) =>
    list!.split(',').map((name) =>
      name
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim(),
    ),
  );
  return names.flatMap((name) => iconFiles?.get(name) ?? []);
}
let iconFiles: Map<string, string> | undefined;

function staticImportersOfEntries(): Plugin & { entriesOf(id: string): string } {
  const entriesByModule = new Map<string, string[]>();
  return {
    name: 'attest:static-entry-graph',
    apply: 'build',
    buildEnd() {
      for (const [name, file] of Object.entries(clientRoots)) {
        const pending = [path.resolve(file)];
        const seen = new Set<string>();
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          entriesByModule.set(id, [...(entriesByModule.get(id) ?? []), name]);
          const info = this.getModuleInfo(id);
          // importedIds lists import() targets too; only what loads at once counts.
          const lazy = new Set(info?.dynamicallyImportedIds ?? []);
          for (const imported of info?.importedIds ?? []) {
            if (lazy.has(imported)) continue;
            // Past the icon barrel every icon looks imported: follow only the icons this module names.
            if (iconBarrel.test(imported)) pending.push(...iconsImportedBy(id, imported));
            else pending.push(imported);
          }
        }
      }
    },
    entriesOf: (id) => (entriesByModule.get(id) ?? []).join('+'),
  };
}

/**
 * Two client entries (the portal hydrates server-rendered HTML, the console renders on the client) and,
 * with --ssr, the server renderer. The client manifest tells the server the hashed file names.
 */
export default defineConfig(({ isSsrBuild }) => {
  const staticGraph = staticImportersOfEntries();
  return {
    plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [staticGraph])],
    // The server renderer bundles React and every other web dependency in their production builds, so
    // pages render at production speed whatever NODE_ENV the server runs with (decision 184).
    ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
    publicDir: false,
    build: isSsrBuild
      ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', copyPublicDir: false }
      : {
          outDir: 'dist/client',
          emptyOutDir: true,
          manifest: true,
          target: 'es2022',
          modulePreload: { polyfill: false },
          rolldownOptions: {
            input: clientEntries,
            output: {
              // What an entry imports at once goes into one chunk per set of entries sharing it (portal,
              // console, both), so a first visit waits on three files, not a score of sub-kilobyte ones.
              // The shared group goes first: a group takes its modules' dependencies along, and would
              // otherwise pull React into the portal's or the console's own chunk.
              codeSplitting: {
                groups: [
                  // Vite's helper for import(): its own tiny chunk, so the portal's entry imports nothing else.
                  { name: 'preload-helper', priority: 4, test: /^\0vite[\\/]preload-helper/ },
                  {
                    name: 'initial-shared',
                    priority: 3,
                    test: (id) => staticGraph.entriesOf(id) === 'portal+console',
                  },
                  {
                    name: 'initial-portal',
                    priority: 2,
                    test: (id) => staticGraph.entriesOf(id) === 'portal',
                  },
                ],
              },
            },
          },
        },
  };
});
