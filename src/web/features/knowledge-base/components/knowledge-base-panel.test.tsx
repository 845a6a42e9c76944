// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KbHit, KbQuery, KbSearchKey } from '../../../../shared/knowledge-base';
import { PortalCustomisation, type PortalView, type ViewerMode } from '../../../../shared/portal';
import { setCsrfToken } from '../../../lib/api-client';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
} from '../../../lib/test-support/render-in-dom';
import { reachablePages } from '../lib/kb-paging';
import { readCsvFile } from '../lib/read-csv-file';
import { importRowErrors } from './kb-import-export';
import KnowledgeBasePanel from './knowledge-base-panel';

// A visitor's page: the API client knows there is no session token.
beforeEach(() => setCsrfToken(null));

const productId = '11111111-1111-4111-8111-111111111111';
let rendered: Rendered | undefined;
let entries: KbHit[] = [];
let queries: KbQuery[] = [];
let keyStatus = 200;

function hit(index: number, overrides: Partial<KbHit> = {}): KbHit {
  return {
    objectID: `50000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    content: `Question ${index}?`,
    answer: `Answer ${index}.`,
    comment: index === 1 ? 'See the SOC 2 report.' : '',
    source_type: 'manual',
    source_subtype: null,
    source_name: null,
    favorite_public: index === 1,
    access_level: 'public',
    product_ids: [],
    date_timestamp: 1_735_689_600,
    customer_modified_timestamp: 1_740_000_000,
    ...overrides,
  };
}

function view(mode: ViewerMode): PortalView {
  const product = {
    productId,
    productName: 'Platform',
    productSlug: 'platform',
    isDefault: true,
    bannerUrl: null,
    revision: 1,
  };
  return {
    organisation: {
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'acme',
      name: 'Acme',
      websiteUrl: null,
      logoUrl: null,
      faviconUrl: null,
      bannerUrl: null,
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
    customisation: PortalCustomisation.parse({}),
    product,
    products: [product],
    productLinks: [],
    viewer: {
      mode,
      staff: mode === 'main' ? { name: 'Sam', email: 'sam@acme.example', canEdit: true } : null,
      member: null,
      preview: null,
    },
    sections: ['knowledge_base'],
    cards: [],
    documents: { featuredItemUids: [], files: [] },
    planFeatures: {
      replaceIcons: true,
      cardTitleRenaming: true,
      sectionCustomization: true,
      restrictedFiles: true,
    },
    publicUrl: 'https://attest.example/acme',
    platform: { homeUrl: '/about', termsOfServiceUrl: null, privacyNoticeUrl: null },
  };
}

const searchKey: KbSearchKey = {
  key: 'signed-key',
  expiresAt: '2030-01-01T00:00:00.000Z',
  lifetimeSeconds: 900,
  accessLevels: ['public', 'restricted', 'internal'],
  productIds: [productId],
};

beforeEach(() => {
  entries = Array.from({ length: 23 }, (_, index) => hit(index + 1));
  queries = [];
  keyStatus = 200;
  window.history.replaceState(null, '', '/acme');
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.pathname.endsWith('/kb/ais')) {
      if (keyStatus === 400)
        return json({ error: { code: 'validation_failed', message: 'No product id' } }, 400);
      return json(searchKey);
    }
    if (url.pathname === '/api/kb/query') {
      const body = JSON.parse(String(init?.body)) as KbQuery;
      queries.push(body);
      const size = body.hitsPerPage ?? 10;
      const page = body.page ?? 0;
      const matching = entries.filter((entry) => !body.query || entry.content.includes(body.query));
      return json({
        hits: matching.slice(page * size, page * size + size),
        nbHits: matching.length,
        page,
        nbPages: Math.ceil(matching.length / size),
        hitsPerPage: size,
      });
    }
    return json({ error: { code: 'not_found', message: 'no route' } }, 404);
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function renderPanel(mode: ViewerMode) {
  rendered = await renderInDom(<KnowledgeBasePanel view={view(mode)} />);
  await settle(4);
}

async function openDialog() {
  await click(byText('button', 'View more')[0]);
  await settle(4);
}

const headers = () =>
  [...document.querySelectorAll('[data-testid="kb-grid"] th')].map((th) => th.textContent);

describe('KnowledgeBasePanel', () => {
  it('asks for a key for the product, shows the first entries and opens the dialog with View more', async () => {
    await renderPanel('public');
    expect(document.querySelectorAll('[data-testid="kb-panel-entry"]')).toHaveLength(5);
    expect(queries[0]).toMatchObject({ key: 'signed-key', hitsPerPage: 5, page: 0 });
    await openDialog();
    expect(document.querySelector('[data-testid="kb-dialog"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="kb-search"]')?.getAttribute('placeholder')).toBe(
      'Search by question, answer or comment',
    );
    expect(document.querySelectorAll('[data-testid="kb-row"]')).toHaveLength(10);
  });

  it('hides filters and the favorite, access and date columns for public viewers', async () => {
    await renderPanel('public');
    await openDialog();
    expect(document.querySelector('[data-testid="kb-filters"]')).toBeNull();
    expect(headers()).toEqual(['Details', 'Comment']);
  });

  it('shows every filter and column in Main mode, the time options, and Metadata in the details', async () => {
    await renderPanel('main');
    await openDialog();
    const filters = document.querySelector('[data-testid="kb-filters"]')!;
    expect(filters.textContent).toContain('Access');
    expect(filters.textContent).toContain('Products');
    expect([...filters.querySelectorAll('option')].map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['All time', 'Last 1 day', '7 days', '1 month', '1 year']),
    );
    expect(headers()).toEqual(['favorite', 'Details', 'Comment', 'Access', 'Date added', 'Last modified']);
    await click(document.querySelector('[data-testid="kb-row"]'));
    const details = document.querySelector('[data-testid="kb-details"]')!;
    expect(details.textContent).toContain('Question 1?');
    expect(details.querySelector('[data-testid="kb-metadata"]')?.textContent).toContain('Date uploaded');
    expect(details.textContent).toContain('January 1, 2025');
  });

  it("copies a value with 'Copied {type} to clipboard'; no Metadata outside Main mode", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPanel('account_external');
    await openDialog();
    await click(document.querySelector('[data-testid="kb-row"]'));
    expect(document.querySelector('[data-testid="kb-metadata"]')).toBeNull();
    await click(document.querySelector('[aria-label="Copy answer"]'));
    await settle(4);
    expect(writeText).toHaveBeenCalledWith('Answer 1.');
    expect(document.body.textContent).toContain('Copied answer to clipboard');
  });

  it('changes the page size (default 10) and pages within the result window', async () => {
    await renderPanel('main');
    await openDialog();
    const pageSize = document.querySelector<HTMLSelectElement>('[data-testid="kb-page-size"]')!;
    expect(pageSize.value).toBe('10');
    expect(document.body.textContent).toContain('Page 1 of 3');
    await act(async () => {
      pageSize.value = '25';
      pageSize.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle(4);
    expect(queries.at(-1)).toMatchObject({ hitsPerPage: 25, page: 0 });
    expect(document.querySelectorAll('[data-testid="kb-row"]')).toHaveLength(23);
    // Window 1000 minus the page size: 990 results, pages 1 to 99.
    expect(reachablePages(1000, 10)).toBe(99);
    expect(reachablePages(3, 10)).toBe(3);
  });

  it("says 'No results match this criteria' for a search without hits", async () => {
    await renderPanel('main');
    await openDialog();
    await typeInto(
      document.querySelector<HTMLInputElement>('[data-testid="kb-search"]')!,
      'nothing like this',
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 700)));
    await settle(4);
    expect(queries.at(-1)).toMatchObject({ query: 'nothing like this' });
    expect(document.querySelector('[data-testid="kb-empty"]')?.textContent).toBe(
      'No results match this criteria',
    );
  });

  it("is hidden when empty for visitors; Main mode sees 'No entries to show'", async () => {
    entries = [];
    await renderPanel('public');
    expect(document.querySelector('[data-testid="knowledge-base-panel"]')).toBeNull();
    await rendered?.unmount();
    await renderPanel('main');
    expect(document.querySelector('[data-testid="knowledge-base-panel"]')?.textContent).toContain(
      'No entries to show',
    );
  });

  it("shows a key request's 400 message", async () => {
    keyStatus = 400;
    await renderPanel('main');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('No product id');
  });
});

describe('CSV helpers', () => {
  it("reports 'Error reading file' when the reader fails and 'Failed to read file' without a file", async () => {
    await expect(readCsvFile(null)).rejects.toThrow('Failed to read file');
    const failing = vi.spyOn(FileReader.prototype, 'readAsText').mockImplementation(function (
      this: FileReader,
    ) {
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>), 0);
    });
    await expect(readCsvFile(new Blob(['question,answer']))).rejects.toThrow('Error reading file');
    failing.mockRestore();
    await expect(readCsvFile(new Blob(['question,answer\nA,B']))).resolves.toBe('question,answer\nA,B');
  });

  it('lists the rows the server names in row order', () => {
    expect(importRowErrors({ 'row 12': 'Answer is required', 'row 3': 'Question is required' })).toEqual([
      ['row 3', 'Question is required'],
      ['row 12', 'Answer is required'],
    ]);
  });
});
