import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';

// Feeds are judged by validators, not by our own reading: libxml2's RELAX NG engine against the
// grammar of RFC 4287, and Ajv against the JSON Feed 1 specification's fields.
const atomGrammar = readFileSync(new URL('./feed-schemas/atom.rng', import.meta.url), 'utf8');
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
addFormats.default(ajv);
const isJsonFeed = ajv.compile(
  JSON.parse(readFileSync(new URL('./feed-schemas/json-feed-1.json', import.meta.url), 'utf8')),
);

/** What makes the document invalid Atom; empty when it is valid. */
export async function atomProblems(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'feed.atom', contents: xml }],
    schema: [{ fileName: 'atom.rng', contents: atomGrammar }],
    extension: 'relaxng',
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/** What makes the document invalid JSON Feed 1; empty when it is valid. */
export function jsonFeedProblems(feed: unknown): string[] {
  return isJsonFeed(feed)
    ? []
    : (isJsonFeed.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
