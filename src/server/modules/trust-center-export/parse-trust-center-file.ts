import {
  findNodeAtLocation,
  type Node as JsonNode,
  type ParseError,
  parseTree,
  printParseErrorCode,
  visit,
} from 'jsonc-parser';
import {
  CST,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  parseDocument,
  type Node as YamlNode,
} from 'yaml';
import type { z } from 'zod';
import {
  TrustCenterFile,
  type TrustCenterImportProblem,
  trustCenterFileMaxBytes,
  trustCenterFileMaxDepth,
  trustCenterMessages,
} from '../../../shared/trust-center-export';

export type Syntax = 'json' | 'yaml';
type Path = (string | number)[];
/** Where a path is in the text: the value's offset, and for a mapping entry its key's offset. */
type Located = { offset: number; keyOffset: number | null };

export type ParsedFile =
  | { ok: true; syntax: Syntax; file: TrustCenterFile; locate: (path: Path) => Position }
  | { ok: false; syntax: Syntax; problems: TrustCenterImportProblem[] };
export type Position = { line: number | null; column: number | null };

const maxProblems = 200;

/** By the file name's extension, then the declared type, then the first character. */
export function detectSyntax(text: string, hints: { fileName?: string; contentType?: string } = {}): Syntax {
  const extension = hints.fileName?.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (extension === 'json') return 'json';
  if (extension === 'yaml' || extension === 'yml') return 'yaml';
  const type = hints.contentType?.toLowerCase() ?? '';
  if (type.includes('json')) return 'json';
  if (type.includes('yaml')) return 'yaml';
  return /^\s*[[{]/.test(text) ? 'json' : 'yaml';
}

/** 1-based line and column of an offset, by binary search over the line starts. */
function lineIndex(text: string): (offset: number) => Position {
  const starts = [0];
  for (let index = 0; index < text.length; index++) if (text[index] === '\n') starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

const jsonErrorMessages: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'A property name in double quotes is expected',
  ValueExpected: 'A value is expected',
  ColonExpected: 'A colon is expected',
  CommaExpected: 'A comma is expected',
  CloseBraceExpected: 'A closing } is expected',
  CloseBracketExpected: 'A closing ] is expected',
  EndOfFileExpected: 'Nothing may follow the object',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Comments are not allowed in JSON',
  UnexpectedEndOfString: 'The string is not closed',
  UnexpectedEndOfNumber: 'The number is not complete',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character',
  InvalidCharacter: 'Invalid character in a string',
};

/** Duplicate property names anywhere in the tree (JSON.parse would silently keep the last). */
function duplicateJsonKeys(node: JsonNode | undefined, path: Path, found: { path: Path; offset: number }[]) {
  if (!node) return;
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key) continue;
      const name = String(key.value);
      if (seen.has(name)) found.push({ path: [...path, name], offset: key.offset });
      seen.add(name);
      duplicateJsonKeys(value, [...path, name], found);
    }
  } else if (node.type === 'array') {
    for (const [index, child] of (node.children ?? []).entries())
      duplicateJsonKeys(child, [...path, index], found);
  }
}

class NestedTooDeep extends Error {
  constructor(readonly offset: number) {
    super('nested too deep');
  }
}

/** Offset of the first object or array nested deeper than maxDepth, or null; stops right there. */
function jsonTooDeepAt(text: string, maxDepth: number): number | null {
  let depth = 0;
  const enter = (offset: number) => {
    if (++depth > maxDepth) throw new NestedTooDeep(offset);
  };
  const leave = () => {
    depth--;
  };
  try {
    visit(
      text,
      { onObjectBegin: enter, onArrayBegin: enter, onObjectEnd: leave, onArrayEnd: leave },
      { disallowComments: true, allowTrailingComma: false },
    );
  } catch (error) {
    if (error instanceof NestedTooDeep) return error.offset;
    throw error;
  }
  return null;
}

/**
 * The same for YAML, from the lexer's tokens alone (linear, no recursion): `yaml`'s parser and
 * composer slow down sharply and then overflow the stack on deep input (`[[[[…` for a few MB took
 * seconds). Flow depth is counted exactly; block depth by the columns where nodes start.
 */
function yamlTooDeepAt(text: string, maxDepth: number, column: (offset: number) => number): number | null {
  const blockColumns: number[] = [];
  const openBlockAt = (offset: number) => {
    const at = column(offset);
    while (blockColumns.length > 0 && blockColumns.at(-1)! > at) blockColumns.pop();
    if (blockColumns.length === 0 || blockColumns.at(-1)! < at) blockColumns.push(at);
  };
  let flowDepth = 0;
  let offset = 0;
  let atLineStart = true;
  let isScalarText = false;
  let previousStart: number | null = null;
  for (const token of new Lexer().lex(text)) {
    const type = isScalarText ? 'scalar-text' : CST.tokenType(token);
    isScalarText = false;
    // Markers the lexer adds; they stand for no text.
    if (type === 'doc-mode') continue;
    if (type === 'flow-error-end') {
      flowDepth = 0;
      continue;
    }
    if (type === 'scalar') {
      isScalarText = true;
      continue;
    }
    const start = offset + (token.length - token.trimStart().length);
    offset += token.length;
    if (type === 'newline') atLineStart = true;
    if (type === 'newline' || type === 'space' || type === 'comment') continue;
    if (type === 'doc-start') blockColumns.length = 0;
    // `key:` opens a mapping where its key starts, after `- ` or (invalid but parsed) another key too.
    const nodeStart: number = type === 'map-value-ind' && previousStart !== null ? previousStart : start;
    if (flowDepth === 0) {
      if (type === 'seq-item-ind' || type === 'explicit-key-ind' || atLineStart) openBlockAt(start);
      if (nodeStart !== start) openBlockAt(nodeStart);
    }
    // A block scalar's text takes its closing line break with it.
    atLineStart = type === 'scalar-text' && token.endsWith('\n');
    previousStart = start;
    if (type === 'flow-seq-start' || type === 'flow-map-start') flowDepth++;
    if (type === 'flow-seq-end' || type === 'flow-map-end') flowDepth = Math.max(0, flowDepth - 1);
    if (blockColumns.length + flowDepth > maxDepth) return nodeStart;
  }
  return null;
}

type Source = {
  value: unknown;
  locateNode: (path: Path) => Located | null;
  problems: TrustCenterImportProblem[];
};

function readJson(text: string, position: (offset: number) => Position): Source {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const problems: TrustCenterImportProblem[] = errors.map((error) => {
    const code = printParseErrorCode(error.error);
    return {
      ...position(error.offset),
      path: '',
      message: `${trustCenterMessages.invalidJson}: ${jsonErrorMessages[code] ?? code}`,
    };
  });
  const duplicates: { path: Path; offset: number }[] = [];
  if (problems.length === 0) duplicateJsonKeys(root, [], duplicates);
  for (const duplicate of duplicates) {
    problems.push({
      ...position(duplicate.offset),
      path: duplicate.path.join('.'),
      message: trustCenterMessages.duplicateKey(String(duplicate.path.at(-1))),
    });
  }
  let value: unknown = null;
  if (problems.length === 0) {
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push({
        line: null,
        column: null,
        path: '',
        message: `${trustCenterMessages.invalidJson}: ${(error as Error).message}`,
      });
    }
  }
  return {
    value,
    problems,
    locateNode(path) {
      if (!root) return null;
      const node = findNodeAtLocation(root, path);
      if (!node) return null;
      const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      return { offset: node.offset, keyOffset: key?.offset ?? null };
    },
  };
}

function yamlChild(
  node: unknown,
  segment: string | number,
): { node: YamlNode; keyOffset: number | null } | null {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (key === String(segment)) {
        const keyOffset = isScalar(pair.key) ? (pair.key.range?.[0] ?? null) : null;
        const value = (pair.value ?? pair.key) as YamlNode;
        return { node: value, keyOffset };
      }
    }
    return null;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item ? { node: item as YamlNode, keyOffset: null } : null;
  }
  return null;
}

/** The mapping key written at an offset ('name' of `name: x`, quotes removed). */
function yamlKeyAt(text: string, offset: number): string {
  const line = text.slice(offset, text.indexOf('\n', offset) === -1 ? undefined : text.indexOf('\n', offset));
  return (
    line
      .split(/:(\s|$)/)[0]!
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2') || '?'
  );
}

function readYaml(text: string, position: (offset: number) => Position): Source {
  const lineCounter = new LineCounter();
  // The core schema: no custom tags, dates stay strings; duplicate keys are errors.
  const document = parseDocument(text, {
    lineCounter,
    schema: 'core',
    uniqueKeys: true,
    prettyErrors: false,
  });
  const problems: TrustCenterImportProblem[] = document.errors.map((error) => {
    const isDuplicate = error.code === 'DUPLICATE_KEY';
    return {
      ...position(error.pos[0]),
      path: '',
      message: isDuplicate
        ? trustCenterMessages.duplicateKey(yamlKeyAt(text, error.pos[0]))
        : `${trustCenterMessages.invalidYaml}: ${error.message.split('\n')[0]}`,
    };
  });
  let value: unknown = null;
  if (problems.length === 0) {
    try {
      value = document.toJS({ maxAliasCount: 100 });
    } catch (error) {
      problems.push({
        line: null,
        column: null,
        path: '',
        message: `${trustCenterMessages.invalidYaml}: ${(error as Error).message}`,
      });
    }
  }
  return {
    value,
    problems,
    locateNode(path) {
      let node: unknown = document.contents;
      let keyOffset: number | null = null;
      for (const segment of path) {
        if (isAlias(node)) node = node.resolve(document);
        const child = yamlChild(node, segment);
        if (!child) return null;
        node = child.node;
        keyOffset = child.keyOffset;
      }
      const range = (node as YamlNode | null)?.range;
      if (!range) return null;
      return { offset: range[0], keyOffset };
    },
  };
}

/** The nearest located node: the path itself, or (for a missing field) the closest enclosing one. */
function locator(source: Source, position: (offset: number) => Position) {
  return (path: Path, options: { preferKey?: boolean } = {}): Position => {
    for (let length = path.length; length >= 0; length--) {
      const located = source.locateNode(path.slice(0, length));
      if (!located) continue;
      const offset =
        options.preferKey && length === path.length ? (located.keyOffset ?? located.offset) : located.offset;
      return position(offset);
    }
    return { line: null, column: null };
  };
}

function problemsOfIssues(
  issues: readonly z.core.$ZodIssue[],
  locate: (path: Path, options?: { preferKey?: boolean }) => Position,
): TrustCenterImportProblem[] {
  return issues.flatMap((issue) => {
    const path = issue.path as Path;
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        ...locate([...path, key], { preferKey: true }),
        path: [...path, key].join('.'),
        message: `Unknown field "${key}"`,
      }));
    }
    return [{ ...locate(path), path: path.join('.'), message: issue.message }];
  });
}

export function sortProblems(problems: TrustCenterImportProblem[]): TrustCenterImportProblem[] {
  return [...problems]
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0))
    .slice(0, maxProblems);
}

/**
 * Reads an import file (JSON or YAML) and validates it with the shared schema. Every problem carries
 * the line and column it is at: syntax errors where the parser stopped, duplicate keys at the second
 * key, schema problems at the value the zod issue's path names (or its nearest enclosing node).
 */
export function parseTrustCenterText(
  rawText: string,
  hints: { fileName?: string; contentType?: string } = {},
): ParsedFile {
  const text = rawText.replace(/^\uFEFF/, '');
  const syntax = detectSyntax(text, hints);
  const position = lineIndex(text);
  if (Buffer.byteLength(text, 'utf8') > trustCenterFileMaxBytes) {
    return {
      ok: false,
      syntax,
      problems: [{ line: null, column: null, path: '', message: trustCenterMessages.tooLarge }],
    };
  }
  const tooDeepAt =
    syntax === 'json'
      ? jsonTooDeepAt(text, trustCenterFileMaxDepth)
      : yamlTooDeepAt(text, trustCenterFileMaxDepth, (offset) => position(offset).column!);
  if (tooDeepAt !== null) {
    return {
      ok: false,
      syntax,
      problems: [{ ...position(tooDeepAt), path: '', message: trustCenterMessages.tooDeep }],
    };
  }
  let source: Source;
  try {
    source = syntax === 'json' ? readJson(text, position) : readYaml(text, position);
  } catch (error) {
    // Parsers recurse: should nesting the checks above let through still end the stack, it is the file's problem.
    if (!(error instanceof RangeError)) throw error;
    return {
      ok: false,
      syntax,
      problems: [{ line: null, column: null, path: '', message: trustCenterMessages.tooDeep }],
    };
  }
  if (source.problems.length > 0) return { ok: false, syntax, problems: sortProblems(source.problems) };
  const locate = locator(source, position);
  if (source.value === null || typeof source.value !== 'object' || Array.isArray(source.value)) {
    return {
      ok: false,
      syntax,
      problems: [{ ...locate([]), path: '', message: trustCenterMessages.notAnObject }],
    };
  }
  const result = TrustCenterFile.safeParse(source.value);
  if (!result.success) {
    return { ok: false, syntax, problems: sortProblems(problemsOfIssues(result.error.issues, locate)) };
  }
  return { ok: true, syntax, file: result.data, locate: (path) => locate(path) };
}

/** Bytes of an upload as text; a file that is not UTF-8 is one problem, not a crash. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
