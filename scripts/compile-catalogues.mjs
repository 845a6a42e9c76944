#!/usr/bin/env node
// Compiles the visitor catalogues (src/shared/i18n/catalogues/*.json, ICU MessageFormat) into Lingui's
// compiled form (src/shared/i18n/compiled/*.json), so no message parser ships to the browser.
// Run after editing a catalogue: `npm run i18n:compile`; the catalogue test fails while one is stale.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const root = path.resolve(import.meta.dirname, '../src/shared/i18n');

export function compileCatalogue(source) {
  return Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of readdirSync(path.join(root, 'catalogues'))) {
    if (!file.endsWith('.json')) continue;
    const source = JSON.parse(readFileSync(path.join(root, 'catalogues', file), 'utf8'));
    writeFileSync(
      path.join(root, 'compiled', file),
      `${JSON.stringify(compileCatalogue(source), null, 2)}\n`,
    );
  }
}
