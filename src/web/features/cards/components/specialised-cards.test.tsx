// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import type { SpecialisedView, Subprocessor } from '../../../../shared/specialised-cards';
import { setCsrfToken } from '../../../lib/api-client';
import { renderDeferredPartsWith } from '../../../lib/deferred-part';
import { cardViewFixture, itemViewFixture, viewWithCards } from '../../../lib/test-support/card-view-fixture';
import { englishTranslator } from '../../../lib/test-support/english-translator';
import { specialisedTextsFor } from '../lib/specialised';
import { PortalCard } from './portal-card';
import { serverCardParts } from './server-card-parts';
import { specialisedCardBody, specialisedHeading } from './specialised-card-body';
import { renderStaticCardBodiesWith } from './static-card-body';
import { StaticCardBodyRenderer } from './static-card-body-renderer';
import { SubprocessorsTable } from './subprocessors-card/subprocessors-table';

const specialisedTexts = specialisedTextsFor(englishTranslator);

// The cards' deferred parts render at once, as on the server; deferred-part.test.tsx covers the waiting.
renderDeferredPartsWith(serverCardParts);

// A visitor's page: the API client knows there is no session token. The bodies render as the server
// draws them (entry-server installs the same renderer).
beforeEach(() => {
  setCsrfToken(null);
  renderStaticCardBodiesWith(StaticCardBodyRenderer);
});

const emptyData: SpecialisedView = {
  itemKeys: {},
  riskAnswers: {},
  securityGrades: [],
  trustedBy: [],
  subprocessors: [],
  overview: '',
  integrations: [],
};

function viewWith(cards: CardView[], data: Partial<SpecialisedView>): PortalView {
  return { ...viewWithCards(cards), specialised: { ...emptyData, ...data } };
}

function body(view: PortalView, card: CardView, onAddItems?: () => void): string {
  const content = specialisedCardBody(view, card, onAddItems);
  const node = typeof content === 'function' ? content({ isShowingAll: true, listId: 'list' }) : content;
  return renderToString(<div>{node}</div>);
}

describe('certifications card', () => {
  it('draws a badge per enabled or in-progress item, the auditor variant chosen by the trimmed lower-cased auditor', () => {
    const soc2 = itemViewFixture({ title: 'SOC 2', auditor: '  SCHELLMAN ' });
    const iso = itemViewFixture({ title: 'ISO 27001', enabledState: 'WorkInProgress' });
    const off = itemViewFixture({ title: 'HIPAA', enabledState: 'NotEnabled' });
    const card = cardViewFixture({ kind: 'Certifications', title: 'Compliance', items: [soc2, iso, off] });
    const html = body(
      viewWith([card], {
        itemKeys: {
          [soc2.itemUid]: 'certifications.soc-2',
          [iso.itemUid]: 'certifications.iso-27001',
          [off.itemUid]: 'certifications.hipaa',
        },
      }),
      card,
    );
    expect(html.match(/data-testid="certification-tile"/g)).toHaveLength(2);
    expect(html).toContain('Schellman');
    expect(html).toContain('27001');
    expect(html).toContain('opacity-50');
    expect(html).not.toContain('HIPAA');
    expect(html).toContain('w-1/4');
  });

  it('shows the empty text and Add Items only for editors', () => {
    const card = cardViewFixture({ kind: 'Certifications', title: 'Compliance', items: [] });
    const view = viewWith([card], {});
    expect(body(view, card)).toContain(specialisedTexts.emptyCertifications.replace("'", '&#x27;'));
    expect(body(view, card)).not.toContain(specialisedTexts.addItems);
    expect(body(view, card, () => {})).toContain(specialisedTexts.addItems);
  });
});

describe('risk profile and security grades', () => {
  it('lists answers in the card order, custom times with their unit, and No Answer', () => {
    const access = itemViewFixture({ title: 'Data access' });
    const recovery = itemViewFixture({ title: 'Recovery time objective' });
    const hosting = itemViewFixture({ title: 'Hosting' });
    const card = cardViewFixture({
      kind: 'RiskProfile',
      title: 'Risk Profile',
      items: [access, recovery, hosting],
    });
    const html = body(
      viewWith([card], {
        itemKeys: {
          [access.itemUid]: 'risk-profile.data-access',
          [recovery.itemUid]: 'risk-profile.recovery-time',
          [hosting.itemUid]: 'risk-profile.hosting',
        },
        riskAnswers: {
          [access.itemUid]: { choice: 'restricted' },
          [recovery.itemUid]: { choice: 'custom', unit: 'hours', number: 4 },
        },
      }),
      card,
    );
    const text = html.replace(/<[^>]+>/g, '|');
    expect(text).toMatch(
      /Data access\|+Restricted\|+.*Recovery time objective\|+4 hours\|+.*Hosting\|+No Answer/,
    );
  });

  it('colours grades by their provider band', () => {
    const bitsight = itemViewFixture({ title: 'Bitsight' });
    const riskrecon = itemViewFixture({ title: 'RiskRecon' });
    const cis = itemViewFixture({ title: 'CIS Benchmark' });
    const card = cardViewFixture({
      kind: 'SecurityGrades',
      title: 'Security Grades',
      items: [bitsight, riskrecon, cis],
    });
    const html = body(
      viewWith([card], {
        itemKeys: {
          [bitsight.itemUid]: 'security-grades.bitsight',
          [riskrecon.itemUid]: 'security-grades.riskrecon',
          [cis.itemUid]: 'security-grades.cis-benchmark',
        },
        securityGrades: [
          { itemUid: bitsight.itemUid, label: 'Bitsight', url: 'acme.example', grade: '646' },
          { itemUid: riskrecon.itemUid, label: 'RiskRecon', url: '', grade: '6.9' },
          { itemUid: cis.itemUid, label: 'CIS', url: '', grade: '4' },
        ],
      }),
      card,
    );
    expect(html.match(/data-band="(\w+)"/g)).toEqual([
      'data-band="green"',
      'data-band="red"',
      'data-band="yellow"',
    ]);
  });
});

describe('security grades card on the page', () => {
  let root: ReturnType<typeof createRoot> | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('previews 3 of its enabled grades like any card, and View more shows every one', async () => {
    const grades = Array.from({ length: 7 }, (_, index) => itemViewFixture({ title: `Grade ${index + 1}` }));
    const card = cardViewFixture({ kind: 'SecurityGrades', title: 'Security Grades', items: grades });
    const view = viewWith([card], {
      itemKeys: Object.fromEntries(grades.map((item) => [item.itemUid, 'security-grades.bitsight'])),
      securityGrades: grades.map((item) => ({
        itemUid: item.itemUid,
        label: item.title,
        url: '',
        grade: '700',
      })),
    });
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root!.render(
        <PortalCard view={view} card={card} onOpen={() => {}}>
          {specialisedCardBody(view, card, undefined)}
        </PortalCard>,
      ),
    );
    const shown = () => container.querySelectorAll('[data-testid="security-grades-list"] li').length;
    expect(shown()).toBe(3);
    const toggle = [...container.querySelectorAll('button')].find((button) =>
      button.textContent?.includes('View more'),
    );
    expect(toggle?.getAttribute('aria-controls')).toBe(
      container.querySelector('[data-testid="security-grades-list"]')?.id,
    );
    await act(async () => toggle!.click());
    expect(shown()).toBe(7);
  });
});

describe('trusted by and subprocessors', () => {
  it('names the organisation in the default heading and shows the empty text', () => {
    const card = cardViewFixture({ kind: 'TrustedBy', title: 'Trusted By' });
    const view = viewWith([card], {});
    expect(specialisedHeading(view, card, englishTranslator)).toBe(
      `Companies that trust ${view.organisation.name}`,
    );
    expect(
      specialisedHeading(view, { ...card, displayText: 'Our customers' }, englishTranslator),
    ).toBeUndefined();
    expect(body(view, card)).toContain('You haven&#x27;t selected any companies yet');
    const filled = body(
      viewWith([card], {
        trustedBy: [{ source: 'clearbit', domain: 'globex.example', logo: null, name: 'Globex' }],
      }),
      card,
    );
    expect(filled).toContain('href="https://globex.example"');
  });

  const rows: Subprocessor[] = Array.from({ length: 7 }, (_, index) => ({
    id: `bbbbbbbb-bbbb-4bbb-8bbb-${index.toString().padStart(12, '0')}`,
    company:
      index === 0 ? { source: 'addendum', companyId: 'aws' } : { source: 'custom', name: `Vendor ${index}` },
    purpose: index === 0 ? 'Hosting' : '',
    location: '',
    additionalDetails: '',
    createdAt: '2026-01-01T00:00:00.000Z',
  }));

  let root: ReturnType<typeof createRoot> | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('stacks at most 5 logos, hides empty columns, searches every column, and says when nothing matches', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root!.render(<SubprocessorsTable subprocessors={rows} />));
    expect(container.querySelector('[data-testid="avatar-stack"]')!.children).toHaveLength(5);
    const headers = [...container.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['Company', 'Purpose']);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(7);
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(search.placeholder).toBe(specialisedTexts.searchSubprocessors);
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setValue.call(search, 'hosting');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const matches = [...container.querySelectorAll('tbody th')].map((cell) => cell.textContent);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toContain('Amazon Web Services');
    await act(async () => {
      setValue.call(search, 'nothing like this');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(container.textContent).toContain(specialisedTexts.noResults);
  });
});
