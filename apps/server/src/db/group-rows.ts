/**
 * Rows by a key of theirs, each group in the order the rows came: the lines of several orders or
 * lists read in one query, handed to their own order or list (Node 20 has no Map.groupBy).
 */
export function groupRows<Row, Key>(rows: Iterable<Row>, key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
