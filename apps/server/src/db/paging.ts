import type { SelectQueryBuilder } from 'kysely';

/**
 * A page of a list and how many rows the list has in all. `query` is the whole list, with its
 * columns and its order; the page is `limit` rows of it from `offset`, and the total counts the
 * same rows without the columns and the order. The two are read side by side: a count over the
 * page (a window count) would say nothing of a page past the end.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    query.limit(page.limit).offset(page.offset).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll().as('n'))
      .$castTo<{ n: number | string | bigint }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
