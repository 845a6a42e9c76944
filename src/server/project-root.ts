import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The release build bundles the server into dist/node/*.js, two levels below the root as this file is,
// so the same relative step finds the root (package.json, dist/) from the sources and from the bundle.
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export const packageJson = createRequire(path.join(projectRoot, 'package.json'))('./package.json') as {
  version: string;
  license: string;
};
