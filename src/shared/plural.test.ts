import { describe, expect, it } from 'vitest';
import { kbMessages } from './knowledge-base';
import { countOf } from './plural';
import { searchMessages } from './search';
import { endedSessionsText } from './sessions';
import { trustCenterMessages } from './trust-center-export';

describe('counts with nouns (issue 16 item 37)', () => {
  it('one plural rule: singular for one, plural for zero and many', () => {
    expect([0, 1, 2].map((count) => countOf(count, 'source'))).toEqual([
      '0 sources',
      '1 source',
      '2 sources',
    ]);
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(1.5, 'entry', 'entries')).toBe('1.5 entries');
  });

  it('the messages that show counts use it', () => {
    expect(searchMessages.generatedFrom(1)).toBe('Generated from 1 source');
    expect(searchMessages.generatedFrom(3)).toBe('Generated from 3 sources');
    expect(kbMessages.imported(1)).toBe('Imported 1 entry');
    expect(kbMessages.imported(12)).toBe('Imported 12 entries');
    expect(kbMessages.importFailed(1)).toBe('1 row has errors; nothing was imported');
    expect(kbMessages.importFailed(2)).toBe('2 rows have errors; nothing was imported');
    expect(trustCenterMessages.nothingApplied(1)).toBe('The file has 1 problem; nothing was imported.');
    expect(endedSessionsText(1)).toBe('1 session ended');
    expect(endedSessionsText(2)).toBe('2 sessions ended');
  });
});
