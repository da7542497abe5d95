import fp from 'fastify-plugin';
import { type ChangeFeed, postgresChangeFeed, sqliteChangeFeed } from '../db/change-feed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Says when the catalog changed, on this server or another: what is kept of it is then out of date. */
    changes: ChangeFeed;
  }
}

/** The catalog's change feed, on whichever database the shop runs, closed with the app. */
export const changeFeedPlugin = fp(
  async (app) => {
    const { database } = app.config;
    const changes =
      database.kind === 'sqlite'
        ? sqliteChangeFeed(database.file)
        : postgresChangeFeed(database.url, (err) =>
            app.log.warn(
              { err },
              'catalog notifications lost; public reads are not cached until they return',
            ),
          );
    app.addHook('onClose', () => changes.close());
    app.decorate('changes', changes);
  },
  { name: 'change-feed', dependencies: ['config'] },
);
