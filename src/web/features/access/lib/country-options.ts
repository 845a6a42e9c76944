import { countries } from 'countries-list';

export type CountryOption = { code: string; name: string };

/** The countries dropdown (spec 3 §3): every country by name, the United States first. */
export function countryOptions(): CountryOption[] {
  const all = Object.entries(countries).map(([code, country]) => ({ code, name: country.name }));
  const unitedStates = all.filter((country) => country.code === 'US');
  const rest = all
    .filter((country) => country.code !== 'US')
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...unitedStates, ...rest];
}
