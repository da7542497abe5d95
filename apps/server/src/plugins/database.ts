import fp from 'fastify-plugin';
import type { Database, OpenDatabase } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database: its queries (`db`), its health and its cross-server locks. */
    database: OpenDatabase;
    db: Database;
  }
}

/**
 * The database, closed when the app closes. Register it before anything else that closes:
 * Fastify runs onClose hooks last added first, so the database closes after everything that may
 * still use it (a background run finishing, the mail outbox stopping).
 */
export const databasePlugin = fp<{ database: OpenDatabase }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
