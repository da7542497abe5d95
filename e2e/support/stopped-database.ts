import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Runs `statements` (SQL with `?` placeholders) on a stopped shop's database: PostgreSQL at `url`
 * when given (else E2E_DATABASE_URL, the journeys' PostgreSQL), otherwise the SQLite file in
 * `dataDir`. What journeys set up that the web app cannot (a company, a moment in the past).
 */
export async function inStoppedDatabase(
  dataDir: string,
  statements: [string, unknown[]][],
  url = process.env.E2E_DATABASE_URL,
): Promise<void> {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const [text, values] of statements) {
        let n = 0;
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          values,
        );
      }
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(path.join(dataDir, 'shop.db'));
  try {
    for (const [text, values] of statements) db.prepare(text).run(...values);
  } finally {
    db.close();
  }
}
