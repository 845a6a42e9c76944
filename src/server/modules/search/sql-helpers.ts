import { type SQL, sql } from 'drizzle-orm';

/** A text array literal as one parameter: both drivers send it alike, cast it in SQL (::uuid[]). */
export function arrayParam(values: readonly string[]): SQL {
  const literal = `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return sql`${literal}`;
}

/** Rows of db.execute on either driver (node-postgres and PGlite both answer with .rows). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The tsquery of a term and its vocabulary rewrites, OR-ed. `anyWord` turns each rewrite's AND into
 * OR (questions in natural language); `prefixLastWord` also matches a word being typed.
 */
export function termTsQuery(
  variants: readonly string[],
  options: { anyWord?: boolean; prefixLastWord?: boolean } = {},
): SQL {
  const parts = variants.map((variant) => {
    const query = sql`websearch_to_tsquery('english', ${variant})`;
    return options.anyWord ? sql`replace(${query}::text, ' & ', ' | ')::tsquery` : query;
  });
  const lastWord = variants[0]?.match(/([a-z0-9]{2,})$/i)?.[1]?.toLowerCase();
  if (options.prefixLastWord && lastWord) {
    const rest = variants[0]!.slice(0, -lastWord.length);
    parts.push(sql`(websearch_to_tsquery('english', ${rest}) && to_tsquery('simple', ${`${lastWord}:*`}))`);
  }
  return sql`(${sql.join(parts, sql` || `)})`;
}
