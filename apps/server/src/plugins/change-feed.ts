import fp from 'fastify-plugin';
import { type ChangeFeed, changeFeed } from '../db/change-feed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The versions of what the public reads show (db/change-feed.ts), moved by a write on any server. */
    changes: ChangeFeed;
  }
}

/** The change feed, on whichever database the shop runs, closed with the app (before the database). */
export const changeFeedPlugin = fp(
  async (app) => {
    const changes = changeFeed(app.config.database, app.db, (err) =>
      app.log.warn({ err }, 'catalog notifications lost; public reads are not cached until they return'),
    );
    app.addHook('onClose', () => changes.close());
    app.decorate('changes', changes);
  },
  { name: 'change-feed', dependencies: ['config', 'database'] },
);
