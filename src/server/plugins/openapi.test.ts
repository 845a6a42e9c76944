import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

type Answer = { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Answer>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string }> };
};

function operationsOf(document: Document) {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      operation,
    })),
  );
}

describe('the API description (/api/docs) and its reading page (/api/reference)', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    // With METRICS_TOKEN every route the server can have is there (backups need the embedded database).
    t = await createTestApp({ METRICS_TOKEN: 'a-metrics-token-for-the-document-test' });
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.0.3 document', async () => {
    expect(document.openapi).toBe('3.0.3');
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation a unique operationId, its security and a typed answer', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(150);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);

    const withoutSecurity = operations.filter(({ operation }) => !operation.security).map(({ name }) => name);
    expect(withoutSecurity).toEqual([]);

    const untyped = operations
      .filter(({ operation }) => {
        const successes = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status));
        return (
          successes.length === 0 ||
          successes.some(
            ([status, answer]) =>
              answer.description === 'Default Response' ||
              // Only "no content" and redirects answer without a body.
              (!answer.content && status !== '204' && status !== '304' && !/^30[1237]$/.test(status)),
          )
        );
      })
      .map(({ name }) => name);
    expect(untyped).toEqual([]);

    const deletesAnsweringDefault = operations.filter(
      ({ method, operation }) =>
        method === 'delete' && operation.responses['200'] && !operation.responses['200'].content,
    );
    expect(deletesAnsweringDefault.map(({ name }) => name)).toEqual([]);
  });

  it('documents the error format on every operation', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      type: 'object',
      properties: { error: { properties: { code: {}, message: {}, fields: {} } } },
    });
    for (const { name, operation } of operationsOf(document)) {
      const serverError = operation.responses['5XX'];
      expect(serverError?.content?.['application/json']?.schema, name).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!/^4/.test(status) || answer.content?.['text/html']) continue;
        // ApiError itself, or a route's own extension of it (the import adds its list of problems).
        const schema = answer.content?.['application/json']?.schema as
          | { $ref?: string; properties?: { error?: unknown } }
          | undefined;
        expect(
          schema?.$ref === '#/components/schemas/ApiError' || Boolean(schema?.properties?.error),
          `${name} ${status}`,
        ).toBe(true);
        expect(answer.description, `${name} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('says how each kind of caller proves who they are', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(
      [
        'backupToken',
        'csrfToken',
        'memberAccessToken',
        'memberSession',
        'metricsToken',
        'staffSession',
        'tprmToken',
      ].sort(),
    );
    const security = (method: string, path: string) => document.paths[path]?.[method]?.security;
    // Console: a staff session, and the CSRF header on writes.
    expect(security('get', '/api/documents')).toEqual([{ staffSession: [] }]);
    expect(security('patch', '/api/documents/{fileId}')).toEqual([{ staffSession: [], csrfToken: [] }]);
    // The portal answers everyone; a session changes what it shows.
    expect(security('get', '/api/statuspage/share/{org}/view')).toContainEqual({});
    expect(security('get', '/api/statuspage/share/{org}/view')).toContainEqual({ memberSession: [] });
    // A member's access token reads the portal, searches it, and is the only credential of the MCP server.
    expect(security('get', '/api/statuspage/share/{org}/view')).toContainEqual({ memberAccessToken: [] });
    expect(security('post', '/api/statuspage/share/{org}/search')).toContainEqual({ memberAccessToken: [] });
    expect(security('post', '/{org}/mcp')).toEqual([{}, { memberAccessToken: [] }]);
    expect(security('post', '/api/statuspage/share/{org}/access-tokens')).toEqual([
      {},
      { memberSession: [], csrfToken: [] },
      { staffSession: [], csrfToken: [] },
    ]);
    expect(security('get', '/api/tprm/export')).toEqual([{ tprmToken: [] }]);
    expect(security('get', '/metrics')).toEqual([{ metricsToken: [] }]);
    expect(security('post', '/admin/backup')).toEqual([{ backupToken: [] }]);
    expect(security('post', '/api/statuspage/share/auth/logout')).toEqual([
      { memberSession: [], csrfToken: [] },
    ]);
    expect(security('post', '/api/auth/sign-in')).toEqual([]);
  });

  it('names shared schemas once and refers to them, keeping only those in use', () => {
    const library = document.paths['/api/documents']?.get?.responses['200'];
    expect(library?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/LibraryFileList',
    });
    const text = JSON.stringify(document);
    for (const name of Object.keys(document.components.schemas)) {
      expect(text.includes(`"#/components/schemas/${name}"`), name).toBe(true);
    }
    // Files are described by their media type, not as JSON.
    const download = document.paths['/api/analytics/export']?.get?.responses['200'];
    expect(Object.keys(download?.content ?? {})).toEqual(['text/csv']);
    expect(document.paths['/api/kb/entries/{entryId}']?.delete?.responses['204']?.content).toBeUndefined();
  });

  it('serves a page to read it, whose script runs under the API policy (no inline script)', async () => {
    const page = await t.app.inject({ url: '/api/reference/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
    const script = await t.app.inject({ url: '/api/reference/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    const initializer = await t.app.inject({ url: '/api/reference/static/swagger-initializer.js' });
    expect(initializer.body).toContain('./json');
    const copy = await t.app.inject({ url: '/api/reference/json' });
    expect(copy.json().paths).toEqual(document.paths);
  });
});
