import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BackgroundTasks, scheduleBackgroundWork } from '../background.js';

export interface BackgroundWorkOptions {
  /** The modules' tasks (each module names its own), run in this order; app.ts hands them in. */
  tasks(app: FastifyInstance): BackgroundTasks;
}

/**
 * The modules' background work (payments reconciled with the provider, quotes' offers past their
 * time expired, unpaid orders released and the admins of orders waiting for approval reminded
 * halfway), once the server listens and then on a schedule (background.ts). Registered after what
 * it uses that closes (the database, the mail outbox): a run in progress finishes before they close.
 */
export const backgroundWorkPlugin = fp<BackgroundWorkOptions>(
  async (app, options) => {
    scheduleBackgroundWork(app, { tasks: options.tasks(app), exclusive: app.database.exclusive });
  },
  { name: 'background-work', dependencies: ['config', 'database', 'mail', 'payments'] },
);
