/** Plain-text helpers the answerers share: sentence splitting and a light English stemmer. */

const stopWords = new Set(
  (
    'a about above after again all also am an and any are as at be because been being both but by can ' +
    'could did do does doing done during each few for from further had has have having he her here how ' +
    'i if in into is it its itself just me more most my no nor not now of off on once only or other our ' +
    'ours out over own please same she should so some such than that the their them then there these ' +
    'they this those through to too under until up very was we were what when where which while who ' +
    'whom why will with would you your yours provide describe explain tell us please'
  ).split(' '),
);

const suffixes = [
  'ational',
  'ations',
  'ation',
  'ements',
  'ement',
  'ments',
  'ment',
  'ities',
  'ity',
  'ions',
  'ion',
  'ing',
  'ies',
  'ied',
  'ated',
  'ates',
  'ate',
  'ed',
  'es',
  'ly',
  's',
];

/** A light English stemmer: encrypt / encrypted / encryption, policy / policies, log / logging meet. */
export function stem(word: string): string {
  let base = word;
  for (const suffix of suffixes) {
    if (word.length - suffix.length < 3 || !word.endsWith(suffix)) continue;
    if (suffix === 's' && word.endsWith('ss')) break;
    if (suffix === 'es' && !/(ss|x|z|ch|sh)es$/.test(word)) continue;
    base = word.slice(0, -suffix.length);
    if (suffix === 'ies' || suffix === 'ied') base = `${base}y`;
    if ((suffix === 'ing' || suffix === 'ed') && /([^aeiouslz])\1$/.test(base)) base = base.slice(0, -1);
    break;
  }
  return base.length > 3 && base.endsWith('e') ? base.slice(0, -1) : base;
}

/** Content words of a text, stemmed; numbers and short codes (SOC 2, ISO 27001) are kept. */
export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.filter((word) => !stopWords.has(word) && (word.length > 1 || /\d/.test(word))).map(stem);
}

/** Sentences of a text: split at . ! ? followed by space, and at line breaks and list bullets. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])|\n+|\s[•·]\s/)
    .map((sentence) => sentence.replace(/^[-*•\s]+/, '').trim())
    .filter((sentence) => sentence.length >= 3);
}
