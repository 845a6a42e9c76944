/** The interface is English: one plural rule for every count shown with a noun. */
const englishPlurals = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the form the count needs: countOf(1, 'source') is '1 source', countOf(0,
 * 'source') '0 sources'. `other` is for nouns (or noun + verb, 'rows have') not made plural by an 's'.
 */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${englishPlurals.select(count) === 'one' ? one : other}`;
}
