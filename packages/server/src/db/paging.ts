import { type SelectQueryBuilder, sql } from 'kysely';

/** How many rows a filtered query matches: count(*) over the same FROM, joins and WHERE. */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  // Kysely cannot narrow the row type of a generic builder; the select above fixes its shape.
  const row = (await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirst()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/** One page of rows and the total the filter matches, read in parallel (every paged list of the spec). */
export async function pageWithTotal<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  page: Promise<Row[]>,
): Promise<{ total: number; rows: Row[] }> {
  const [total, rows] = await Promise.all([countRows(filtered), page]);
  return { total, rows };
}
