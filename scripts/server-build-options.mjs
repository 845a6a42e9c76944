// The server's esbuild options, shared by the release build and the test that checks what a start loads.
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const serverEntries = {
  main: 'src/server/main.ts',
  'create-staff-user': 'scripts/create-staff-user.ts',
  'recover-staff-sign-in': 'scripts/recover-staff-sign-in.ts',
  'trust-center-export': 'scripts/trust-center-export.ts',
  'trust-center-import': 'scripts/trust-center-import.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'questionnaire-draft': 'scripts/questionnaire-draft.ts',
  'trust-center-consistency': 'scripts/trust-center-consistency.ts',
};

/**
 * npm packages stay external (a production install provides them), except these: a package whose
 * root loads hundreds of files where the server uses a few would be bundled. None is today.
 */
const bundledPackages = new Set([]);

function externalPackagesExcept(bundled) {
  return {
    name: 'external-packages-except',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
        if (specifier.startsWith('node:')) return { external: true };
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0];
        return bundled.has(name) ? undefined : { external: true };
      });
    },
  };
}

/** Options for esbuild's build(): the release build adds outdir and writes; a test builds in memory. */
export const serverBuildOptions = {
  absWorkingDir: root,
  entryPoints: serverEntries,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Code loaded on demand (the S3 client, SMTP, Redis) becomes its own chunk, so a start that does not
  // use it never loads it. Chunks sit beside the entries: code that reads files next to itself
  // through import.meta.url (migrations, the PDF worker) finds them from either.
  splitting: true,
  chunkNames: '[name]-[hash]',
  plugins: [externalPackagesExcept(bundledPackages)],
  sourcemap: true,
  logLevel: 'warning',
};
