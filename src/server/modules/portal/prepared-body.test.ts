import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareSplicedBody, spliceBody } from './prepared-body';

describe("a shared body around one person's parts", () => {
  const placeholders = ['"attest-member-placeholder"', 'attest-name-placeholder'];
  const text = JSON.stringify({
    before: 'shared '.repeat(800),
    member: 'attest-member-placeholder',
    between: 'ü'.repeat(3_000),
    name: '<b>attest-name-placeholder</b>',
    after: 'é'.repeat(40_000),
  });
  const body = prepareSplicedBody('application/json', text, placeholders);

  it.each([
    ['empty parts', ['', '']],
    ['parts with non-ASCII text', [JSON.stringify({ firstName: 'Hänk', lastName: 'Scorpio' }), 'Zoë']],
    ['a part longer than one stored block', [JSON.stringify({ note: 'z'.repeat(140_000) }), 'y']],
  ])("gzip decodes to the whole text with %s in the placeholders' places", (_label, parts) => {
    const expected = text.replace(placeholders[0]!, parts[0]!).replace(placeholders[1]!, parts[1]!);
    expect(gunzipSync(spliceBody(body, parts, 'gzip')).toString('utf8')).toBe(expected);
    expect(spliceBody(body, parts, 'identity').toString('utf8')).toBe(expected);
  });

  it('works with a single placeholder at the very start or end', () => {
    const atStart = prepareSplicedBody('text/plain', 'PLACEHOLDER and the rest', ['PLACEHOLDER']);
    expect(gunzipSync(spliceBody(atStart, ['part'], 'gzip')).toString()).toBe('part and the rest');
    const atEnd = prepareSplicedBody('text/plain', 'the rest and PLACEHOLDER', ['PLACEHOLDER']);
    expect(gunzipSync(spliceBody(atEnd, ['part'], 'gzip')).toString()).toBe('the rest and part');
  });

  it('refuses a text whose placeholder is missing, repeated or out of order, and a wrong number of parts', () => {
    const [first, second] = placeholders as [string, string];
    expect(() => prepareSplicedBody('application/json', '{}', [first])).toThrow();
    expect(() => prepareSplicedBody('application/json', `[${first},${first}]`, [first])).toThrow();
    expect(() => prepareSplicedBody('application/json', `[${second},${first}]`, [first, second])).toThrow();
    expect(() => spliceBody(body, ['only one'], 'gzip')).toThrow();
  });
});
