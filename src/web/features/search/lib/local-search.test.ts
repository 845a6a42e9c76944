// @vitest-environment jsdom
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import type { SearchResult, SnippetPart } from '../../../../shared/search';
import { cardFixture, itemFixture, viewFixture } from '../test-support/search-fixtures';
import { foldedWords, foldText, foldWithOrigins } from './fold-text';
import { createGramFilter } from './gram-filter';
import { createLocalSearchIndex } from './local-search';

const deepExplanation = [
  'Every employee signs in through our identity provider with phishing-resistant factors.',
  'Customer data is encrypted with AES-256 and keys are rotated every year in a managed KMS.',
  'Backups run every night, are encrypted, and are restored in a test every quarter.',
  'Logs from every service are kept for one year and alerts page the on-call engineer.',
  'Our incident response plan is rehearsed twice a year with tabletop exercises.',
].join(' ');

const view = viewFixture({
  cards: [
    cardFixture('AccessControl', [
      itemFixture(1, {
        title: 'Multi-factor authentication',
        explanation: 'Every employee uses a hardware key.',
      }),
      itemFixture(2, { title: 'Incident response', explanation: deepExplanation }),
      itemFixture(3, {
        title: 'Access reviews',
        explanation: 'Reviews of production access happen every quarter; backups are reviewed too.',
      }),
      itemFixture(4, { title: 'Backups', explanation: 'Nightly snapshots, restored in a test.' }),
    ]),
    cardFixture('DataPrivacy', [
      itemFixture(5, {
        title: 'Sécurité des données',
        explanation: 'Les données sont chiffrées au repos, conformément à la stratégie de l’entreprise.',
      }),
      itemFixture(6, {
        title: 'Subprocessors',
        listEntries: ['Snowflake Inc.', 'Amazon Web Services'],
        explanation: 'We review every subprocessor before onboarding.',
      }),
    ]),
  ],
});
const index = createLocalSearchIndex(view, []);

const titles = (results: SearchResult[]) => results.map((result) => result.title);
const marked = (snippet: SnippetPart[] | null | undefined) =>
  (snippet ?? []).filter((part) => part.isMatch).map((part) => part.text);

describe('local search: fuzzy names, exact words in long fields, one ranking', () => {
  it('still finds a title with a typo in it (fuzzy)', () => {
    expect(titles(index.search('mulit-factor authentcation'))[0]).toBe('Multi-factor authentication');
    expect(titles(index.search('incidnet'))[0]).toBe('Incident response');
  });

  it('finds a word deep in a long explanation and marks it in the snippet', () => {
    const [first, ...rest] = index.search('tabletop');
    expect(first?.title).toBe('Incident response');
    expect(rest).toEqual([]);
    expect(marked(first?.snippet)).toEqual(['tabletop']);
    const text = first?.snippet?.map((part) => part.text).join('') ?? '';
    expect(text.startsWith('…')).toBe(true);
    expect(text).toContain('rehearsed twice a year with tabletop exercises.');
  });

  it('ranks a title hit above a body hit', () => {
    // "Backups" is item 4's title; items 2 and 3 only mention backups in their explanations.
    const found = titles(index.search('backups'));
    expect(found[0]).toBe('Backups');
    expect(found.slice(1).sort()).toEqual(['Access reviews', 'Incident response']);
    // Same for a word in another item's title and in the explanation of an earlier item.
    expect(titles(index.search('review'))[0]).toBe('Access reviews');
  });

  it('needs every word of a multi-word query, in any order and in any field', () => {
    expect(titles(index.search('quarter backups')).sort()).toEqual(['Access reviews', 'Incident response']);
    expect(titles(index.search('encrypted tabletop'))).toEqual(['Incident response']);
    // One word in the title, the other in the explanation.
    expect(titles(index.search('authentication hardware'))).toEqual(['Multi-factor authentication']);
    expect(index.search('tabletop snowflake')).toEqual([]);
    const [first] = index.search('tabletop exercises');
    expect(marked(first?.snippet)).toEqual(['tabletop exercises']);
  });

  it('ignores case and accents both ways, and marks the accented original text', () => {
    expect(titles(index.search('securite'))).toEqual(['Sécurité des données']);
    expect(titles(index.search('DONNÉES CHIFFRÉES'))).toEqual(['Sécurité des données']);
    const [first] = index.search('chiffrees strategie');
    expect(first?.title).toBe('Sécurité des données');
    expect(marked(first?.snippet)).toEqual(['chiffrées', 'stratégie']);
    // Typed with accents, stored without.
    expect(titles(index.search('snowflaké'))).toEqual(['Subprocessors']);
  });

  it('marks a fuzzy match in a short field when no word occurs as typed', () => {
    const [first] = index.search('snowflak inc');
    expect(first?.title).toBe('Subprocessors');
    expect(marked(first?.snippet).join(' ')).toMatch(/Snowflak/);
  });

  it('returns nothing for a query under two letters', () => {
    expect(index.search('b')).toEqual([]);
    expect(index.search(' - ')).toEqual([]);
  });
});

describe('folding', () => {
  it('lowers case, drops accents, turns punctuation into single spaces', () => {
    expect(foldText('  Sécurité, multi-factor — Straße!  ')).toBe('securite multi factor strasse');
    expect(foldedWords('SOC-2 (Type II)')).toEqual(['soc', '2', 'type', 'ii']);
    // Decomposed accents (e + combining acute) fold like composed ones.
    expect(foldText('Se\u0301curite\u0301')).toBe('securite');
  });

  it('folds the same way with and without the map back, and keeps ASCII positions uncollapsed', () => {
    for (const text of [
      '  Sécurité, multi-factor — Straße!  ',
      'Plain ASCII -- text.',
      'l’entreprise Ærø',
      'a\u0301 b',
    ])
      expect(foldWithOrigins(text).folded).toBe(foldText(text));
    expect(foldWithOrigins('SOC-2, ok', { collapse: false }).folded).toBe('soc 2  ok');
  });

  it('maps folded ranges back to the original text, accents included', () => {
    const original = 'Les données, Straße';
    const { folded, originalRange } = foldWithOrigins(original);
    expect(folded).toBe('les donnees strasse');
    const [from, to] = originalRange(folded.indexOf('donnees'), folded.indexOf('donnees') + 7);
    expect(original.slice(from, to)).toBe('données');
    const [start, end] = originalRange(folded.indexOf('strasse'), folded.length);
    expect(original.slice(start, end)).toBe('Straße');
    const decomposed = 'cafe\u0301 noir';
    const mapped = foldWithOrigins(decomposed);
    expect(decomposed.slice(...mapped.originalRange(0, 4))).toBe('cafe\u0301');
  });
});

describe('gram filter', () => {
  it('keeps every text Fuse.js matches, for short, long and chunked (> 32 character) patterns', () => {
    const texts = [
      'multi factor authentication for employees',
      'encryption at rest for laptops',
      'penetration testing annual',
      'data retention in the eu region',
      'incident response plan',
      'soc 2 type ii report',
      'iso 27001 certificate for customer data',
      'single sign on for contractors',
    ];
    const options = {
      includeMatches: true,
      includeScore: true,
      ignoreLocation: true,
      threshold: 0.3,
      minMatchCharLength: 2,
      isCaseSensitive: true,
    };
    const fuse = new Fuse(texts, options);
    const filter = createGramFilter(texts);
    const patterns = [
      'mu',
      'mulit',
      'authentcation',
      'encrytpion at rest',
      'penetraton',
      'soc 2 tpye ii',
      'incident respnse',
      'multi factor authentication for employees and contractors',
      'single sign on for contractors and all employees',
      'data retention in the eu regoin for customer data',
    ];
    for (const pattern of patterns) {
      const kept = new Set(filter.candidates(pattern, options.threshold));
      const matched = fuse.search(pattern).map((match) => match.refIndex);
      expect(matched.length).toBeGreaterThan(0);
      for (const textIndex of matched)
        expect(kept.has(textIndex), `${pattern} → ${texts[textIndex]}`).toBe(true);
    }
    // And it does drop texts that cannot match.
    expect(filter.candidates('soc 2 tpye ii', options.threshold)).toEqual([5]);
    expect(filter.candidates('incident respnse', options.threshold)).toEqual([4]);
  });
});
