import { describe, expect, it } from 'vitest';
import { PortalCustomisation } from '../../../shared/portal';
import { TrustCenterCustomisation, type TrustCenterFileInput } from '../../../shared/trust-center-export';
import { serialiseTrustCenter } from './export-trust-center';
import { detectSyntax, parseTrustCenterText } from './parse-trust-center-file';

const minimal: TrustCenterFileInput = {
  format: 'attest.trust-center',
  version: 1,
  organisation: { name: 'Initech' },
  products: [
    {
      slug: 'main',
      name: 'Initech Cloud',
      isDefault: true,
      cards: [
        {
          kind: 'DataSecurity',
          items: [
            {
              key: 'main/encryption',
              catalogueKey: 'data-security.encryption-at-rest',
              title: 'Encryption at rest',
            },
            { key: 'main/custom', title: 'Our own control', access: 'restricted' },
          ],
        },
      ],
    },
  ],
  permissionProfiles: [{ name: 'Partners', items: ['main/custom'] }],
};

/** The 1-based line of the first line containing the marker. */
function lineOf(text: string, marker: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(marker));
  if (index === -1) throw new Error(`no line contains ${marker}`);
  return index + 1;
}

function problemsOf(text: string, fileName: string) {
  const parsed = parseTrustCenterText(text, { fileName });
  if (parsed.ok) throw new Error('expected problems');
  return parsed.problems;
}

describe('parseTrustCenterText', () => {
  it('reads a minimal hand-written file in JSON and YAML, filling defaults', () => {
    for (const syntax of ['json', 'yaml'] as const) {
      const parsed = parseTrustCenterText(serialiseTrustCenter(minimal, syntax), { fileName: `f.${syntax}` });
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.syntax).toBe(syntax);
      const [item] = parsed.file.products[0]!.cards[0]!.items;
      expect(item).toMatchObject({ state: 'Enabled', access: 'public', explanation: '', documents: [] });
      expect(parsed.file.access.defaultAccessDays).toBe(365);
    }
  });

  it('picks the syntax by extension, then type, then the first character', () => {
    expect(detectSyntax('{}', { fileName: 'a.yml' })).toBe('yaml');
    expect(detectSyntax('a: 1', { fileName: 'a.JSON' })).toBe('json');
    expect(detectSyntax('a: 1', { contentType: 'application/json' })).toBe('json');
    expect(detectSyntax('  {"a": 1}')).toBe('json');
    expect(detectSyntax('format: x')).toBe('yaml');
  });

  it('reports a JSON syntax error at its line and column', () => {
    const lines = serialiseTrustCenter(minimal, 'json').split('\n');
    lines[6] = `${lines[6]} oops`;
    const [problem] = problemsOf(lines.join('\n'), 'broken.json');
    expect(problem).toMatchObject({ line: 7, path: '' });
    expect(problem!.column).toBe(lines[6]!.indexOf('oops') + 1);
    expect(problem!.message).toMatch(/not valid JSON/);
  });

  it('reports a YAML syntax error at its line', () => {
    const text = 'format: attest.trust-center\nversion: 1\norganisation:\n  name: [unclosed\nproducts: []\n';
    const [problem] = problemsOf(text, 'broken.yaml');
    expect(problem!.message).toMatch(/not valid YAML/);
    expect(problem!.line).toBeGreaterThanOrEqual(4);
  });

  it('reports duplicate keys at the second one, in JSON and YAML', () => {
    const json = serialiseTrustCenter(minimal, 'json').replace(
      '"name": "Initech"',
      '"name": "Initech",\n    "name": "Again"',
    );
    expect(problemsOf(json, 'dup.json')).toEqual([
      {
        line: lineOf(json, '"Again"'),
        column: 5,
        path: 'organisation.name',
        message: 'Duplicate key "name"',
      },
    ]);
    const yaml = serialiseTrustCenter(minimal, 'yaml').replace(
      '  name: Initech\n',
      '  name: Initech\n  name: Again\n',
    );
    const [problem] = problemsOf(yaml, 'dup.yaml');
    expect(problem).toMatchObject({ line: lineOf(yaml, 'name: Again'), message: 'Duplicate key "name"' });
  });

  it('locates a wrong type deep in the file, an unknown card kind and an unknown field', () => {
    const broken = structuredClone(minimal) as Record<string, unknown> & typeof minimal;
    const card = broken.products[0]!.cards![0]!;
    (card.items![1] as Record<string, unknown>).listEntries = 'MARKER-NOT-A-LIST';
    broken.products.push({ slug: 'second', name: 'Second', cards: [{ kind: 'Blockchain' as never }] });
    (broken.organisation as Record<string, unknown>).colour = 'MARKER-UNKNOWN';
    for (const syntax of ['json', 'yaml'] as const) {
      const text = serialiseTrustCenter(broken, syntax);
      const problems = problemsOf(text, `f.${syntax}`);
      expect(problems.map((problem) => [problem.line, problem.path])).toEqual([
        [lineOf(text, 'MARKER-UNKNOWN'), 'organisation.colour'],
        [lineOf(text, 'MARKER-NOT-A-LIST'), 'products.0.cards.0.items.1.listEntries'],
        [lineOf(text, 'Blockchain'), 'products.1.cards.0.kind'],
      ]);
      expect(problems[0]!.message).toBe('Unknown field "colour"');
      expect(problems[2]!.message).toBe('Unknown card kind "Blockchain"');
    }
  });

  it('checks references between records: unknown keys, duplicate item keys, wrong card for an answer', () => {
    const broken = structuredClone(minimal);
    broken.permissionProfiles = [{ name: 'Partners', items: ['main/nothing'] }];
    const items = broken.products[0]!.cards![0]!.items!;
    items[1]!.key = 'main/encryption';
    items[0]!.riskAnswer = { choice: 'yes' };
    const text = serialiseTrustCenter(broken, 'yaml');
    const problems = problemsOf(text, 'refs.yaml');
    expect(problems.map((problem) => problem.message)).toEqual([
      'Only risk profile questions take a riskAnswer',
      'Two items have the key "main/encryption"',
      'No item has the key "main/nothing"',
    ]);
    expect(problems[2]!.line).toBe(lineOf(text, '- main/nothing'));
  });

  it('names a wrong format or version plainly', () => {
    const problems = problemsOf(JSON.stringify({ ...minimal, format: 'other', version: 2 }), 'v.json');
    expect(problems.map((problem) => problem.message)).toEqual([
      'Not an Attest trust center file: "format" must be "attest.trust-center"',
      'This file has format version 2; this Attest reads version 1',
    ]);
    expect(problemsOf('[1, 2]', 'a.json')[0]!.message).toBe('The file must hold one object (a mapping)');
  });

  it('refuses nesting deeper than 64 levels before parsing, at the line and column of level 65', () => {
    const tooDeep = (line: number, column: number) => [
      { line, column, path: '', message: 'The file is nested more than 64 levels deep' },
    ];
    const head = 'format: attest.trust-center\nversion: 1\n';
    // The YAML parser spent seconds on this before overflowing its stack.
    const flow = `${head}organisation: ${'['.repeat(200_000)}`;
    expect(problemsOf(flow, 'flow.yaml')).toEqual(tooDeep(3, 'organisation: '.length + 64));
    const block = Array.from({ length: 200 }, (_, level) => `${' '.repeat(level)}k${level}:`).join('\n');
    expect(problemsOf(block, 'block.yaml')).toEqual(tooDeep(65, 65));
    expect(problemsOf(`${head}products: ${'- '.repeat(200_000)}x`, 'compact.yaml')).toEqual(
      tooDeep(3, 'products: '.length + 2 * 63 + 1),
    );
    // Keys on one line are not valid YAML, but the parser nests them before saying so.
    expect(problemsOf(`${head}organisation: ${'a: '.repeat(200_000)}x`, 'keys.yaml')).toEqual(
      tooDeep(3, 'organisation: '.length + 3 * 63 + 1),
    );
    const jsonLine = `{"organisation": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(problemsOf(jsonLine, 'line.json')).toEqual(tooDeep(1, '{"organisation": '.length + 64));
    let nested: unknown = 'x';
    for (let level = 0; level < 100; level++) nested = [nested];
    expect(problemsOf(JSON.stringify({ organisation: nested }, null, 1), 'pretty.json')).toEqual(
      tooDeep(65, 65),
    );
  });

  it('reads 64 levels of nesting as usual: the file is judged by the schema', () => {
    const yaml = `format: attest.trust-center\nversion: 1\norganisation: ${'['.repeat(63)}${']'.repeat(63)}\n`;
    const json = `{"organisation": ${'['.repeat(63)}${']'.repeat(63)}}`;
    for (const [text, fileName] of [
      [yaml, 'edge.yaml'],
      [json, 'edge.json'],
    ] as const) {
      const problems = problemsOf(text, fileName);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.some((problem) => problem.message.includes('nested'))).toBe(false);
      expect(problems.find((problem) => problem.path === 'organisation')?.message).toMatch(/expected object/);
    }
  });

  it('covers every customisation field the portal reads', () => {
    expect(Object.keys(TrustCenterCustomisation.shape).sort()).toEqual(
      Object.keys(PortalCustomisation.shape).sort(),
    );
  });
});
