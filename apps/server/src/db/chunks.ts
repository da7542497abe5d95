/*
 * Long lists go to the database in bounded pieces: an `in (…)` of ids and a multi-row insert
 * both have a cap on their parameters, and a statement that large is slow to plan anyway.
 */

/** `values` cut into pieces of at most `size`, in order. */
export function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}

/**
 * The rows `read` answers for these values, at most `size` distinct values a query (each value
 * asked once), one query after the other: the rows of all the queries together.
 */
export async function inChunks<Value, Row>(
  values: Iterable<Value>,
  size: number,
  read: (chunk: Value[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const chunk of chunks([...new Set(values)], size)) rows.push(...(await read(chunk)));
  return rows;
}
