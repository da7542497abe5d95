import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A schema of its own on the journeys' PostgreSQL (`E2E_DATABASE_URL`), so journey files on one
 * database never meet each other's accounts: the shop's URL for it, and how to drop it.
 */
export async function freshSchema(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`drop schema ${schema} cascade`) };
}
