// @postgres: a whole trust center imported in one transaction
import { buffer } from 'node:stream/consumers';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type {
  TrustCenterFileInput,
  TrustCenterImportFailure,
  TrustCenterImportSummary,
} from '../../../shared/trust-center-export';
import * as schema from '../../db/schema';
import { demoAdminEmail, seedDemoOrganisation } from '../../seed/demo';
import { createAccountMember, createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { serialiseTrustCenter } from './export-trust-center';

type Session = Awaited<ReturnType<typeof createTestSession>>;

let source: TestApp;
let target: TestApp;
let sourceStaff: Session;
let exportedYaml: string;
let exportedJson: string;

beforeAll(async () => {
  source = await createTestApp();
  target = await createTestApp();
  const demo = await seedDemoOrganisation(source.database.db, {
    adminPassword: 'demo password 1234',
    storage: source.providers.storage,
  });
  const [admin] = await source.database.db
    .select()
    .from(schema.staffUsers)
    .where(eq(schema.staffUsers.email, demoAdminEmail));
  sourceStaff = await createTestSession(source.database.db, {
    organisationId: demo.id,
    staffUserId: admin!.id,
  });
}, 120_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
});

async function exportAs(format: 'json' | 'yaml') {
  const response = await source.app.inject({
    method: 'GET',
    url: `/api/trust-center/export?format=${format}`,
    cookies: sourceStaff.cookies,
  });
  expect(response.statusCode).toBe(200);
  return response;
}

/** A signed-in staff member of a new, empty organisation of the target instance. */
async function emptyOrganisation(slug: string, staff: { email?: string; name?: string } = {}) {
  const { organisation } = await createOrganisation(target.database.db, { slug });
  const user = await createStaffUser(target.database.db, organisation.id, staff);
  const session = await createTestSession(target.database.db, {
    organisationId: organisation.id,
    staffUserId: user.id,
  });
  return { organisation, user, session };
}

function postImport(session: Session, body: string, fileName: string) {
  return target.app.inject({
    method: 'POST',
    url: `/api/trust-center/import?fileName=${encodeURIComponent(fileName)}`,
    headers: { ...session.headers, 'content-type': 'application/octet-stream' },
    cookies: session.cookies,
    payload: body,
  });
}

/** Ids become their order of first appearance, revisions and timestamps of writes a placeholder. */
function normalise(text: string): string {
  return normaliseText(text);
}
/**
 * The page model with ids normalised. Security grades are sorted: the view lists them in storage order
 * (no ORDER BY) and the page finds each by its item, so their order carries no meaning.
 */
function sameModel(value: unknown) {
  const model = JSON.parse(normalise(JSON.stringify(value)));
  model.specialised?.securityGrades.sort((a: { label: string }, b: { label: string }) =>
    a.label.localeCompare(b.label),
  );
  return model;
}

const pageDataPattern = /(<script type="application\/json" id="attest-page-data">)([^<]*)(<\/script>)/;
/** The portal HTML: its markup with ids normalised, and its inline page data as a model. */
function samePage(html: string) {
  const data = html.match(pageDataPattern)?.[2];
  if (!data) throw new Error('no page data in the HTML');
  const parsed = JSON.parse(data) as { view: { organisation: { updatedAt: string } } };
  // 'Last updated' is when the organisation last changed: for the copy, when it was imported.
  const markup = html
    .replace(pageDataPattern, '$1$3')
    .replaceAll(parsed.view.organisation.updatedAt, '<updated>');
  return {
    markup: normalise(markup),
    data: { ...(JSON.parse(normalise(data)) as object), view: sameModel(parsed.view) },
  };
}

function normaliseText(text: string): string {
  const ids = new Map<string, string>();
  // A static part's data-server-html key hashes the data it was drawn from, ids included (decision 298).
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      if (!ids.has(id)) ids.set(id, `<id ${ids.size + 1}>`);
      return ids.get(id)!;
    })
    .replace(/([?&]v=)\d+/g, '$1<revision>')
    .replace(/(data-server-html="[^"]*):[0-9a-z]+"/g, '$1:<hash>"')
    .replace(/"updatedAt":"[^"]*"/g, '"updatedAt":"<time>"')
    .replace(/"revision":\d+/g, '"revision":"<revision>"');
}

async function publicView(app: TestApp, path: string) {
  const response = await app.app.inject({ method: 'GET', url: `/api/statuspage/share/acme/view${path}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { products: { productId: string; productSlug: string }[] };
}

const rowCounts = async (app: TestApp) => {
  const tables = {
    organisations: schema.organisations,
    products: schema.products,
    items: schema.items,
    files: schema.files,
    assets: schema.assets,
    topics: schema.topics,
    knowledgeBaseEntries: schema.knowledgeBaseEntries,
    permissionProfiles: schema.permissionProfiles,
    ndaVersions: schema.ndaVersions,
    auditLog: schema.auditLog,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await app.database.db.select({ value: count() }).from(table);
      return [name, row!.value] as const;
    }),
  );
  return Object.fromEntries(entries);
};

describe('trust center as code', () => {
  it('exports the demo organisation as a downloadable JSON and YAML file', async () => {
    const json = await exportAs('json');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toMatch(
      /^attachment; filename="trust-center-acme-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    exportedJson = json.body;
    const yaml = await exportAs('yaml');
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    exportedYaml = yaml.body;
    const file = JSON.parse(exportedJson) as TrustCenterFileInput;
    expect({ ...parseYaml(exportedYaml), exportedAt: null }).toEqual({ ...file, exportedAt: null });
    expect(file).toMatchObject({
      format: 'attest.trust-center',
      version: 1,
      organisation: { name: 'Acme Cloud' },
    });
    expect(file.products.map((product) => product.slug)).toEqual(['payroll', 'hr', 'benefits']);
    expect(file.documents?.length).toBeGreaterThan(0);
    // No secrets and no people: no password hashes, subscribers, members, tokens.
    for (const secret of [
      'argon2',
      'hank.scorpio@globex.example',
      'lee@prospect.example',
      'passwordHash',
      'byoidSecret',
    ]) {
      expect(exportedJson).not.toContain(secret);
    }
    const [audit] = await source.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'trust_center.exported'));
    expect(audit).toBeDefined();
  });

  it('imports into an empty organisation of a fresh instance and reproduces the public page', async () => {
    const { session } = await emptyOrganisation('acme', { email: demoAdminEmail, name: 'Alex Admin' });
    const response = await postImport(session, exportedYaml, 'acme.yaml');
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json() as TrustCenterImportSummary;
    expect(summary.organisation).toEqual({ slug: 'acme', name: 'Acme Cloud' });
    expect(summary.counts.products).toBe(3);
    expect(summary.unmatchedEditors).toEqual([]);
    // The console import carries no bytes: each document is uploaded after, checked against its sha256.
    expect(summary.missingDocuments.length).toBe(summary.counts.documents);
    const missing = await target.app.inject({
      method: 'GET',
      url: '/api/trust-center/documents/missing',
      cookies: session.cookies,
    });
    expect(missing.json().documents).toHaveLength(summary.counts.documents);
    const sourceFiles = await source.database.db.select().from(schema.files);
    for (const document of missing.json().documents as { fileId: string; sha256: string }[]) {
      const original = sourceFiles.find((file) => file.sha256 === document.sha256)!;
      const bytes = await buffer(await source.providers.storage.get(original.storageKey));
      const wrong = await target.app.inject({
        method: 'PUT',
        url: `/api/trust-center/documents/${document.fileId}/content`,
        headers: { ...session.headers, 'content-type': 'application/octet-stream' },
        cookies: session.cookies,
        payload: Buffer.concat([bytes, Buffer.from('x')]),
      });
      expect(wrong.statusCode).toBe(400);
      const upload = await target.app.inject({
        method: 'PUT',
        url: `/api/trust-center/documents/${document.fileId}/content`,
        headers: { ...session.headers, 'content-type': 'application/octet-stream' },
        cookies: session.cookies,
        payload: bytes,
      });
      expect(upload.statusCode, upload.body).toBe(200);
    }

    const originalView = await publicView(source, '');
    const importedView = await publicView(target, '');
    expect(sameModel(importedView)).toEqual(sameModel(originalView));
    for (const [index, product] of originalView.products.entries()) {
      const importedProduct = importedView.products[index]!;
      expect(importedProduct.productSlug).toBe(product.productSlug);
      const original = await publicView(source, `/${product.productId}`);
      const imported = await publicView(target, `/${importedProduct.productId}`);
      expect(sameModel(imported)).toEqual(sameModel(original));
    }

    const originalHtml = await source.app.inject({ method: 'GET', url: '/acme' });
    const importedHtml = await target.app.inject({ method: 'GET', url: '/acme' });
    expect(importedHtml.statusCode).toBe(200);
    expect(samePage(importedHtml.body)).toEqual(samePage(originalHtml.body));

    const updates = await Promise.all(
      [source, target].map((app) =>
        app.app.inject({ method: 'GET', url: '/api/statuspage/share/acme/compliance-update' }),
      ),
    );
    expect(normalise(updates[1]!.body)).toBe(normalise(updates[0]!.body));

    // A document's bytes arrive as they were.
    const documents = (importedView as unknown as { documents: { files: { viewUrl: string }[] } }).documents
      .files;
    const originalDocuments = (originalView as unknown as { documents: { files: { viewUrl: string }[] } })
      .documents.files;
    expect(documents.length).toBeGreaterThan(0);
    const [fromSource, fromTarget] = await Promise.all([
      source.app.inject({ method: 'GET', url: originalDocuments[0]!.viewUrl }),
      target.app.inject({ method: 'GET', url: documents[0]!.viewUrl }),
    ]);
    expect(fromTarget.statusCode).toBe(200);
    expect(fromTarget.rawPayload.equals(fromSource.rawPayload)).toBe(true);

    const [audit] = await target.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'trust_center.imported'));
    expect(audit?.data).toMatchObject({ via: 'console', counts: summary.counts });
  });

  it('refuses an organisation that has content already', async () => {
    const [acme] = await target.database.db
      .select()
      .from(schema.organisations)
      .where(eq(schema.organisations.slug, 'acme'));
    const [staff] = await target.database.db
      .select()
      .from(schema.staffUsers)
      .where(eq(schema.staffUsers.organisationId, acme!.id));
    const session = await createTestSession(target.database.db, {
      organisationId: acme!.id,
      staffUserId: staff!.id,
    });
    const before = await rowCounts(target);
    const response = await postImport(session, exportedJson, 'again.json');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/already has trust center content/);
    expect(await rowCounts(target)).toEqual(before);
  });

  describe('malformed files: every problem with its line, nothing applied', () => {
    let session: Session;
    beforeAll(async () => {
      ({ session } = await emptyOrganisation('empty-one'));
    });

    async function expectProblems(body: string, fileName: string) {
      const before = await rowCounts(target);
      const response = await postImport(session, body, fileName);
      expect(response.statusCode).toBe(400);
      expect(await rowCounts(target)).toEqual(before);
      const failure = response.json() as TrustCenterImportFailure;
      expect(failure.error.code).toBe('validation_failed');
      expect(failure.error.message).toMatch(/nothing was imported/);
      return failure.errors;
    }
    const lineOf = (text: string, marker: string) =>
      text.split('\n').findIndex((line) => line.includes(marker)) + 1;

    it('bad JSON at line N', async () => {
      const lines = exportedJson.split('\n');
      const versionLine = lines.findIndex((line) => line.includes('"version": 1,'));
      lines[versionLine] = lines[versionLine]!.replace(/,$/, '');
      const errors = await expectProblems(lines.join('\n'), 'acme.json');
      // The parser notices the missing comma at the next property, on the following line.
      expect(errors[0]).toMatchObject({ line: versionLine + 2, path: '' });
      expect(errors[0]!.message).toMatch(/A comma is expected/);
    });

    it('a wrong type at a deep path and an unknown card kind, in JSON and YAML', async () => {
      const file = JSON.parse(exportedJson) as TrustCenterFileInput;
      const cardIndex = file.products[0]!.cards!.findIndex((card) => (card.items?.length ?? 0) >= 4);
      const card = file.products[0]!.cards![cardIndex]!;
      (card.items![2] as Record<string, unknown>).position = 'MARKER-FIRST';
      file.products[1]!.cards![0]!.kind = 'Blockchain' as never;
      for (const syntax of ['json', 'yaml'] as const) {
        const text = serialiseTrustCenter(file, syntax);
        const errors = await expectProblems(text, `acme.${syntax}`);
        expect(errors).toEqual([
          {
            line: lineOf(text, 'MARKER-FIRST'),
            column: expect.any(Number),
            path: `products.0.cards.${cardIndex}.items.2.position`,
            message: 'Invalid input: expected number, received string',
          },
          {
            line: lineOf(text, 'Blockchain'),
            column: expect.any(Number),
            path: 'products.1.cards.0.kind',
            message: 'Unknown card kind "Blockchain"',
          },
        ]);
      }
    });

    it('two items with one key (checked once the shape is right)', async () => {
      const file = JSON.parse(exportedJson) as TrustCenterFileInput;
      const items = file.products[0]!.cards!.find((card) => (card.items?.length ?? 0) >= 4)!.items!;
      items[3]!.key = items[1]!.key;
      const text = serialiseTrustCenter(file, 'yaml');
      const keyLines = text
        .split('\n')
        .flatMap((line, index) => (line.endsWith(`key: ${items[1]!.key}`) ? [index + 1] : []));
      const errors = await expectProblems(text, 'acme.yaml');
      expect(errors).toEqual([
        {
          line: keyLines[1],
          column: expect.any(Number),
          path: expect.stringMatching(/^products\.0\.cards\.\d+\.items\.3\.key$/),
          message: `Two items have the key "${items[1]!.key}"`,
        },
      ]);
    });

    it('a duplicate key in the JSON text', async () => {
      const text = exportedJson.replace(
        '"name": "Acme Cloud",',
        '"name": "Acme Cloud",\n    "name": "Acme Again",',
      );
      const errors = await expectProblems(text, 'acme.json');
      expect(errors).toEqual([
        {
          line: lineOf(text, 'Acme Again'),
          column: 5,
          path: 'organisation.name',
          message: 'Duplicate key "name"',
        },
      ]);
    });

    it('an image that is not what it says', async () => {
      const file = JSON.parse(exportedJson) as TrustCenterFileInput;
      file.organisation.logo = {
        contentType: 'image/svg+xml',
        base64: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ).toString('base64'),
      };
      const text = serialiseTrustCenter(file, 'yaml');
      const errors = await expectProblems(text, 'acme.yaml');
      expect(errors).toEqual([
        {
          line: lineOf(text, 'base64: PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciPjxzY3JpcHQ'),
          column: expect.any(Number),
          path: 'organisation.logo.base64',
          message: 'This SVG contains scripts or external references and cannot be used',
        },
      ]);
    });

    it('a file nested deeper than 64 levels, refused before the parser sees it', async () => {
      const text = `format: attest.trust-center\nversion: 1\norganisation: ${'['.repeat(500_000)}`;
      expect(await expectProblems(text, 'deep.yaml')).toEqual([
        {
          line: 3,
          column: 'organisation: '.length + 64,
          path: '',
          message: 'The file is nested more than 64 levels deep',
        },
      ]);
    });

    it('a file that is not UTF-8 or not a trust center file', async () => {
      expect((await expectProblems('\u00ff', 'x.yaml'))[0]!.message).toMatch(/must hold one object|format/);
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/trust-center/import?fileName=x.json',
        headers: { ...session.headers, 'content-type': 'application/json' },
        cookies: session.cookies,
        payload: Buffer.from([0xff, 0xfe, 0x00]),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe('The file is not UTF-8 text');
    });
  });

  describe('permissions', () => {
    it('refuses visitors, account members and staff without the permissions', async () => {
      const { organisation } = await emptyOrganisation('guarded');
      const limited = await createStaffUser(target.database.db, organisation.id, {
        role: 'viewer',
      });
      const limitedSession = await createTestSession(target.database.db, {
        organisationId: organisation.id,
        staffUserId: limited.id,
      });
      const editorOnly = await createStaffUser(target.database.db, organisation.id, {
        role: 'reviewer',
      });
      const editorSession = await createTestSession(target.database.db, {
        organisationId: organisation.id,
        staffUserId: editorOnly.id,
      });
      const { member } = await createAccountMember(target.database.db, organisation.id);
      const memberSession = await createTestSession(target.database.db, {
        organisationId: organisation.id,
        accountMemberId: member.id,
      });
      const before = await rowCounts(target);

      expect((await target.app.inject({ method: 'GET', url: '/api/trust-center/export' })).statusCode).toBe(
        401,
      );
      expect(
        (await postImport({ cookies: {}, headers: {} } as Session, exportedJson, 'a.json')).statusCode,
      ).toBe(401);
      expect((await postImport(memberSession, exportedJson, 'a.json')).statusCode).toBe(401);
      const exportByLimited = await target.app.inject({
        method: 'GET',
        url: '/api/trust-center/export',
        cookies: limitedSession.cookies,
      });
      expect(exportByLimited.statusCode).toBe(403);
      expect((await postImport(limitedSession, exportedJson, 'a.json')).statusCode).toBe(403);
      // A reviewer changes access, not the page.
      expect((await postImport(editorSession, exportedJson, 'a.json')).statusCode).toBe(403);
      const withoutCsrf = await target.app.inject({
        method: 'POST',
        url: '/api/trust-center/import?fileName=a.json',
        cookies: editorSession.cookies,
        payload: exportedJson,
      });
      expect(withoutCsrf.statusCode).toBe(403);
      expect(await rowCounts(target)).toEqual(before);
    });
  });
});
