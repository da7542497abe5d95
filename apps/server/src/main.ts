import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { ensureAdmin, seedDemo } from './db/seed/seed.js';

/** Start-up: configuration → database → migrations → seed → app → listen; stops gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Migrations may rebuild an index over a large table: they run without the statement timeout.
  const migrating = openDatabase(
    config.database.kind === 'postgres' ? { ...config.database, statementTimeoutMs: 0 } : config.database,
  );
  try {
    await migrateToLatest(migrating.db);
  } finally {
    if (config.database.kind === 'postgres') await migrating.close();
  }
  const database = config.database.kind === 'postgres' ? openDatabase(config.database) : migrating;
  const app = await buildApp({ config, database });
  if (config.seed.demo) await seedDemo(database.db, config.uploadsDir, app.log);
  if (config.seed.admin) await ensureAdmin(database.db, config.seed.admin, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests did not finish within 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error('The shop could not start:', error);
  process.exit(1);
});
