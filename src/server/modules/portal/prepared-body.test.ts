import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareSplicedBody, spliceBody } from './prepared-body';

describe("a shared body around one person's part", () => {
  const placeholder = '"attest-member-placeholder"';
  const text = JSON.stringify({
    before: 'shared '.repeat(800),
    member: 'attest-member-placeholder',
    after: 'é'.repeat(40_000),
  });
  const body = prepareSplicedBody('application/json', text, placeholder);

  it.each([
    ['an empty part', ''],
    ['a summary with non-ASCII text', JSON.stringify({ firstName: 'Hänk', lastName: 'Scorpio' })],
    ['a part longer than one stored block', JSON.stringify({ note: 'z'.repeat(140_000) })],
  ])("gzip decodes to the whole text with %s in the placeholder's place", (_label, part) => {
    const expected = text.replace(placeholder, part);
    expect(gunzipSync(spliceBody(body, part, 'gzip')).toString('utf8')).toBe(expected);
    expect(spliceBody(body, part, 'identity').toString('utf8')).toBe(expected);
  });

  it('refuses a text whose placeholder is missing or repeated', () => {
    expect(() => prepareSplicedBody('application/json', '{}', placeholder)).toThrow();
    expect(() =>
      prepareSplicedBody('application/json', `[${placeholder},${placeholder}]`, placeholder),
    ).toThrow();
  });
});
