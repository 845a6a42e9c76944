// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  TrustCenterImportFailure,
  TrustCenterImportProblem,
  TrustCenterImportSummary,
} from '../../../../shared/trust-center-export';
import { setCsrfToken } from '../../../lib/api-client';
import { ImportProblems, problemPlace } from './import-problems';
import { TrustCenterAsCode } from './trust-center-as-code';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf'));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function settle() {
  for (let round = 0; round < 6; round++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  await act(async () => root!.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
  await settle();
  return container;
}

/** Picks a file in a file input the way a browser does: files set, then 'change'. */
async function chooseFile(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await settle();
}

const problems: TrustCenterImportProblem[] = [
  {
    line: 3,
    column: 10,
    path: 'version',
    message: 'This file has format version 2; this Attest reads version 1',
  },
  { line: 41, column: 13, path: 'products.0.cards.3.kind', message: 'Unknown card kind "Blockchain"' },
  { line: null, column: null, path: '', message: 'The file is not UTF-8 text' },
];

const summary: TrustCenterImportSummary = {
  organisation: { slug: 'acme', name: 'Acme Cloud' },
  counts: {
    products: 3,
    cards: 39,
    items: 163,
    documents: 1,
    updateTopics: 12,
    updates: 17,
    knowledgeBaseEntries: 153,
    permissionProfiles: 2,
    ndaVersions: 1,
    tprmPartners: 2,
  },
  missingDocuments: [
    {
      fileId: '11111111-1111-4111-8111-111111111111',
      key: 'policy.pdf',
      title: 'Security policy',
      originalName: 'policy.pdf',
    },
  ],
  unmatchedEditors: ['admin@acme.example'],
};

describe('ImportProblems', () => {
  it('lists every problem with its line, column and path, in the order given', async () => {
    const container = await render(
      <ImportProblems
        fileName="acme.yaml"
        message="The file has 3 problems; nothing was imported."
        problems={problems}
      />,
    );
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.querySelector('p')!.textContent).toBe(
      'acme.yaml: The file has 3 problems; nothing was imported.',
    );
    const rows = [...alert.querySelectorAll('li')].map((row) => row.textContent);
    expect(rows).toEqual([
      'Line 3, column 10versionThis file has format version 2; this Attest reads version 1',
      'Line 41, column 13products.0.cards.3.kindUnknown card kind "Blockchain"',
      'FileThe file is not UTF-8 text',
    ]);
    expect(problemPlace({ line: 7, column: null, path: '', message: '' })).toBe('Line 7');
  });
});

describe('TrustCenterAsCode', () => {
  const allPermissions = ['statuspage:edit', 'files:view', 'files:download', 'assets:edit'] as const;

  it('shows the problems of a refused file, then the summary and the documents that need files', async () => {
    const failure: TrustCenterImportFailure = {
      error: { code: 'validation_failed', message: 'The file has 3 problems; nothing was imported.' },
      errors: problems,
    };
    let imported = false;
    const requests: { url: string; method: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      requests.push({ url, method: init?.method ?? 'GET', body: init?.body });
      if (url === '/api/trust-center/documents/missing') {
        return json({
          documents: imported
            ? [
                {
                  fileId: summary.missingDocuments[0]!.fileId,
                  title: 'Security policy',
                  originalName: 'policy.pdf',
                  contentType: 'application/pdf',
                  sizeBytes: 20_480,
                  sha256: 'a'.repeat(64),
                },
              ]
            : [],
        });
      }
      if (url.startsWith('/api/trust-center/import')) {
        if (requests.filter((request) => request.url.startsWith('/api/trust-center/import')).length === 1) {
          return json(failure, 400);
        }
        imported = true;
        return json(summary);
      }
      return json({ error: { code: 'not_found', message: 'no route' } }, 404);
    });
    const container = await render(<TrustCenterAsCode permissions={allPermissions} />);
    const exports = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(exports).toEqual(['/api/trust-center/export?format=yaml', '/api/trust-center/export?format=json']);

    const input = container.querySelector<HTMLInputElement>('[data-testid="trust-center-import-input"]')!;
    const broken = new File(['format: attest.trust-center\nversion: 2\n'], 'broken.yaml', {
      type: 'application/yaml',
    });
    await chooseFile(input, broken);
    const importRequest = requests.find((request) => request.url.startsWith('/api/trust-center/import'))!;
    expect(importRequest).toMatchObject({
      url: '/api/trust-center/import?fileName=broken.yaml',
      method: 'POST',
    });
    expect(importRequest.body).toBe(broken);
    const errors = container.querySelector('[data-testid="trust-center-import-errors"]')!;
    expect(errors.querySelectorAll('li')).toHaveLength(3);
    expect(errors.textContent).toContain('Line 41, column 13');
    expect(container.querySelector('[data-testid="trust-center-import-summary"]')).toBeNull();

    await chooseFile(input, new File(['{}'], 'acme.json', { type: 'application/json' }));
    expect(container.querySelector('[data-testid="trust-center-import-errors"]')).toBeNull();
    const shown = container.querySelector('[data-testid="trust-center-import-summary"]')!;
    expect(shown.textContent).toContain('Imported the trust center of Acme Cloud.');
    expect(shown.textContent).toContain('Items163');
    expect(shown.textContent).toContain('admin@acme.example');
    const missing = container.querySelector('[data-testid="missing-documents"]')!;
    expect(missing.textContent).toContain('1 document needs its file');
    expect(missing.textContent).toContain('policy.pdf · 20 KB');
  });

  it('names a refusal that is not about the file (an organisation with content)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).startsWith('/api/trust-center/import')
        ? json(
            { error: { code: 'conflict', message: 'This organisation already has trust center content.' } },
            409,
          )
        : json({ documents: [] }),
    );
    const container = await render(<TrustCenterAsCode permissions={allPermissions} />);
    const input = container.querySelector<HTMLInputElement>('[data-testid="trust-center-import-input"]')!;
    await chooseFile(input, new File(['{}'], 'acme.json'));
    const errors = container.querySelector('[data-testid="trust-center-import-errors"]')!;
    expect(errors.textContent).toBe('acme.json: This organisation already has trust center content.');
  });

  it('offers import only with statuspage:edit and assets:edit, and nothing without statuspage:edit', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ documents: [] }));
    const editor = await render(<TrustCenterAsCode permissions={['statuspage:edit']} />);
    expect(editor.querySelector('[data-testid="trust-center-import-input"]')).toBeNull();
    expect(editor.textContent).toContain('Importing is for owners, admins and editors.');
    await act(async () => root?.unmount());
    document.body.innerHTML = '';
    fetchMock.mockClear();
    const viewer = await render(<TrustCenterAsCode permissions={['files:view']} />);
    expect(viewer.querySelectorAll('a')).toHaveLength(0);
    expect(viewer.textContent).toContain('Exporting and importing are for owners, admins and editors.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
