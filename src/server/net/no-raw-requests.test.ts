import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every server-side request leaves through src/server/net/ (safeFetch: resolve once, check every
 * address, pin it, re-check redirects, cap size and time). Any other way out fails here.
 */

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Files that may open connections themselves, each only to an address the operator configured. */
const allowed: Record<string, string> = {
  'providers/ai/openai-chat.ts': 'AI_BASE_URL, set by the operator (may be a model server on their network)',
  'providers/ai/openai-embeddings.ts': 'AI_BASE_URL, set by the operator',
  'providers/mail/smtp.ts': 'SMTP_URL, set by the operator',
};

const rawRequest: Array<[RegExp, string]> = [
  [/(?<![\w.])fetch\s*\(|globalThis\.fetch|=\s*fetch\b/, 'fetch'],
  [
    /^import\s+(?!type\b)[^;]*from\s+'(node:)?(http|https|http2|tls|undici)'/m,
    'an http/https/tls/undici import',
  ],
  [/\b(net|tls)\.(connect|createConnection)\s*\(/, 'a raw socket'],
  [/\bcreateRemoteJWKSet\b/, "jose's createRemoteJWKSet (fetches with no address check)"],
];

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      return ['test', 'test-support'].includes(entry.name) ? [] : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The file's code without comments, so a comment that mentions fetch( is not a finding. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function rawRequestsIn(relativePath: string, text: string): string[] {
  if (relativePath.startsWith('net/') || relativePath in allowed) return [];
  const code = withoutComments(text);
  return rawRequest.filter(([pattern]) => pattern.test(code)).map(([, name]) => `${relativePath}: ${name}`);
}

describe('outbound requests', () => {
  it('leave the server only through src/server/net/ (or an allowed operator-configured client)', () => {
    const findings = sourceFiles(serverRoot).flatMap((file) =>
      rawRequestsIn(path.relative(serverRoot, file), fs.readFileSync(file, 'utf8')),
    );
    expect(findings).toEqual([]);
  });

  it('recognises each way out', () => {
    const samples = [
      "const r = await fetch(hook.url, { method: 'POST' });",
      'const r = await globalThis.fetch(url);',
      "import https from 'node:https';",
      "import { request } from 'http';",
      "import { Agent } from 'undici';",
      'const socket = net.connect({ host, port });',
      'const keys = createRemoteJWKSet(new URL(url));',
    ];
    for (const sample of samples) expect(rawRequestsIn('modules/x/y.ts', sample), sample).toHaveLength(1);
    expect(rawRequestsIn('modules/x/y.ts', "import type { IncomingMessage } from 'node:http';")).toEqual([]);
    expect(rawRequestsIn('modules/x/y.ts', '// we never fetch(url) here\nconst a = prefetch;')).toEqual([]);
    expect(rawRequestsIn('net/safe-fetch.ts', "import https from 'node:https';")).toEqual([]);
  });
});
