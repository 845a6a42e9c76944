// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ItemSearchResult, searchLimits } from '../../../../shared/search';
import { revealChunks } from '../../../lib/markdown';
import {
  cardFixture,
  controlResult,
  faqResult,
  itemFixture,
  viewFixture,
} from '../test-support/search-fixtures';
import { groupResults, hiddenCount, navigableResults, resultKey, visibleResults } from './group-results';
import { createLocalSearchIndex } from './local-search';
import { itemAddress } from './open-result';
import { isSearchShortcut, isTypedCharacter } from './search-keys';
import { wholeWordMarks, wordSnippet } from './snippet';
import { createTermScheduler } from './term-scheduler';

afterEach(() => {
  vi.useRealTimers();
});

describe('createTermScheduler', () => {
  it('runs only after the pause (100 ms local) with the latest term', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const scheduler = createTermScheduler(searchLimits.localDebounceMs, run);
    scheduler.schedule('s');
    scheduler.schedule('so');
    scheduler.schedule('soc');
    vi.advanceTimersByTime(searchLimits.localDebounceMs - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledExactlyOnceWith('soc');
  });

  it('skips a term identical to the last one searched (trimmed), until reset', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const scheduler = createTermScheduler(searchLimits.serverDebounceMs, run);
    scheduler.schedule('mfa');
    vi.advanceTimersByTime(searchLimits.serverDebounceMs);
    scheduler.schedule('mfa ');
    vi.advanceTimersByTime(searchLimits.serverDebounceMs);
    expect(run).toHaveBeenCalledTimes(1);
    scheduler.schedule('sso');
    vi.advanceTimersByTime(searchLimits.serverDebounceMs);
    expect(run).toHaveBeenLastCalledWith('sso');
    scheduler.reset();
    scheduler.schedule('sso');
    vi.advanceTimersByTime(searchLimits.serverDebounceMs);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('waits the full 500 ms for the server engine and cancel drops the pending run', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const scheduler = createTermScheduler(searchLimits.serverDebounceMs, run);
    scheduler.schedule('dpa');
    vi.advanceTimersByTime(searchLimits.serverDebounceMs - 1);
    scheduler.cancel();
    vi.advanceTimersByTime(searchLimits.serverDebounceMs);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('groupResults', () => {
  const matches = [
    faqResult(1),
    ...Array.from({ length: 5 }, (_, index) => controlResult(index + 1)),
    faqResult(2),
  ];

  it("groups in the spec's order with counts, the server's count winning over loaded results", () => {
    const groups = groupResults([...matches.slice(1), faqResult(1)], { control: 12 });
    expect(groups.map((group) => [group.label, group.count])).toEqual([
      ['Controls', 12],
      ['FAQs', 2],
    ]);
  });

  it("puts the best match's group first, so 'Top match' is the first entry; the rest keep the spec's order", () => {
    const mixed = [
      faqResult(1),
      { ...(controlResult(2) as ItemSearchResult), type: 'fact' as const },
      controlResult(1),
    ];
    const groups = groupResults(mixed);
    expect(groups.map((group) => group.label)).toEqual(['FAQs', 'Controls', 'Facts']);
    const display = { collapsed: new Set<never>(), expanded: new Set<never>() };
    expect(resultKey(navigableResults(groups, display)[0]!)).toBe(resultKey(faqResult(1)));
  });

  it("shows 3 per group with '...N more' for the rest; expanded shows all; collapsed none", () => {
    const controls = groupResults(matches).find((group) => group.type === 'control');
    const display = { collapsed: new Set<never>(), expanded: new Set<never>() };
    expect(visibleResults(controls!, display)).toHaveLength(3);
    expect(hiddenCount(controls!, display)).toBe(2);
    const expanded = { collapsed: new Set<never>(), expanded: new Set(['control' as const]) };
    expect(visibleResults(controls!, expanded)).toHaveLength(5);
    expect(hiddenCount(controls!, expanded)).toBe(0);
    const collapsed = { collapsed: new Set(['control' as const]), expanded: new Set<never>() };
    expect(visibleResults(controls!, collapsed)).toEqual([]);
    expect(hiddenCount(controls!, collapsed)).toBe(0);
  });

  it('navigates through the visible results in screen order', () => {
    const display = { collapsed: new Set<never>(), expanded: new Set<never>() };
    const order = navigableResults(groupResults(matches), display).map(resultKey);
    expect(order).toEqual([
      resultKey(faqResult(1)),
      resultKey(faqResult(2)),
      resultKey(controlResult(1)),
      resultKey(controlResult(2)),
      resultKey(controlResult(3)),
    ]);
  });
});

describe('local search (Fuse.js)', () => {
  const view = viewFixture({
    cards: [
      cardFixture('AccessControl', [
        itemFixture(1, { title: 'Multi-factor authentication', explanation: 'Every employee uses MFA.' }),
        itemFixture(2, { title: 'Password policy', explanation: 'At least 14 characters.' }),
        itemFixture(3, { title: 'Hidden draft', enabledState: 'NotEnabled', explanation: 'Secret draft' }),
      ]),
      cardFixture('Certifications', [itemFixture(4, { title: 'SOC 2 Type II', listEntries: ['AICPA'] })]),
    ],
  });
  const topics = [
    {
      id: '30000000-0000-4000-8000-000000000001',
      subject: 'New subprocessor',
      category: 'subprocessors' as const,
      productName: null,
      isPinned: false,
      latestAt: '2025-03-01T00:00:00.000Z',
      updates: [
        {
          id: '30000000-0000-4000-8000-000000000002',
          createdAt: '2025-03-01T00:00:00.000Z',
          html: '<p>We added <strong>Snowflake</strong> for analytics.</p>',
          audience: 'public' as const,
        },
      ],
    },
  ];
  const index = createLocalSearchIndex(view, topics);

  it('matches item names and data fields, typed by card kind, with the match marked', () => {
    const [first] = index.search('employee');
    expect(first?.title).toBe('Multi-factor authentication');
    expect(first?.type).toBe('control');
    expect(first?.source).toBe('fuse');
    expect(first?.snippet?.some((part) => part.isMatch && /employee/i.test(part.text))).toBe(true);
    expect(index.search('SOC 2')[0]).toMatchObject({ title: 'SOC 2 Type II', type: 'trust_item' });
  });

  it('searches update subjects and messages (HTML as text), and skips items that are not enabled', () => {
    expect(index.search('snowflake')[0]).toMatchObject({
      type: 'update',
      metadata: { topicId: topics[0]!.id, description: 'We added Snowflake for analytics.' },
    });
    expect(index.search('Secret draft').some((result) => result.title === 'Hidden draft')).toBe(false);
    expect(index.search('   ')).toEqual([]);
  });
});

describe('item addresses and keys', () => {
  it('opens an item by ?itemUid= on the portal path, keeping viewer parameters, never on a permalink path', () => {
    const view = viewFixture();
    expect(
      itemAddress(view, '/acme', { pathname: '/acme/item/old', search: '?accountId=a&tcuUid=t' }, 'uid-1'),
    ).toBe('/acme?accountId=a&itemUid=uid-1');
    expect(itemAddress(view, '/acme', { pathname: '/acme', search: '' }, 'uid-2')).toBe(
      '/acme?itemUid=uid-2',
    );
  });

  it('knows Ctrl/Cmd+K and typed characters', () => {
    expect(isSearchShortcut({ key: 'k', ctrlKey: true, metaKey: false, altKey: false })).toBe(true);
    expect(isSearchShortcut({ key: 'K', ctrlKey: false, metaKey: true, altKey: false })).toBe(true);
    expect(isSearchShortcut({ key: 'k', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(isTypedCharacter({ key: 'a', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(isTypedCharacter({ key: 'Enter', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
  });

  it('reveals the answer in word chunks that join back to the text', () => {
    const text = 'Yes. We encrypt data at rest [1].';
    expect(revealChunks(text)).toEqual(['Yes. ', 'We ', 'encrypt ', 'data ', 'at ', 'rest ', '[1].']);
    expect(revealChunks(text).join('')).toBe(text);
  });
});

describe('snippet marks', () => {
  const marked = (parts: ReturnType<typeof wholeWordMarks>) =>
    parts.map((part) => (part.isMatch ? `[${part.text}]` : part.text)).join('');

  it('never split a word: a mark inside a word grows to the whole word, touching marks join', () => {
    expect(
      marked(
        wholeWordMarks([
          { text: 'Annual ', isMatch: false },
          { text: 'Train', isMatch: true },
          { text: 'ing for staff in ', isMatch: false },
          { text: '2', isMatch: true },
          { text: '024', isMatch: true },
          { text: ', then ', isMatch: false },
          { text: 'tabletop', isMatch: true },
          { text: ' exercises', isMatch: false },
        ]),
      ),
    ).toBe('Annual [Training] for staff in [2024], then [tabletop] exercises');
  });

  it('keeps the text as it was, with nothing marked or a mark that already covers whole words', () => {
    const parts = [
      { text: '…the ', isMatch: false },
      { text: 'SOC 2', isMatch: true },
      { text: ' report…', isMatch: false },
    ];
    expect(wholeWordMarks(parts)).toEqual(parts);
    expect(wholeWordMarks([{ text: 'plain', isMatch: false }])).toEqual([{ text: 'plain', isMatch: false }]);
  });

  it('marks a question’s meaningful words, not "a" or "and", unless it has no others', () => {
    const text = 'A backup and a restore test run every quarter.';
    expect(marked(wordSnippet([text], ['do', 'you', 'have', 'a', 'backup', 'and', 'restore'])!)).toBe(
      'A [backup] and a [restore] test run every quarter.',
    );
    expect(marked(wordSnippet([text], ['and'])!)).toBe('A backup [and] a restore test run every quarter.');
  });

  it('starts and ends a snippet between words, never inside one', () => {
    const before = 'Encryption keys are rotated yearly by the platform team in a managed vault service ';
    const after = ' is logged to an append-only store that auditors review each quarter with the team';
    const parts = wordSnippet([`${before}access${after}`], ['access'])!;
    const snippet = parts.map((part) => part.text).join('');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    const inner = snippet.slice(1, -1);
    expect(`${before}access${after}`).toContain(inner);
    // Whole words at both edges: the character outside each edge is a space.
    const at = `${before}access${after}`.indexOf(inner);
    expect(`${before}access${after}`[at - 1]).toBe(' ');
    expect(`${before}access${after}`[at + inner.length]).toBe(' ');
  });
});
