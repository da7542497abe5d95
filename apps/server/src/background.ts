import type { FastifyInstance } from 'fastify';
import type { OpenDatabase } from './db/database.js';

/** How often the shop's background work runs on each server. */
export const BACKGROUND_INTERVAL_MS = 10 * 60 * 1000;

/** What became of a task in one run: done, left to the server already running it, or failed (logged). */
export type TaskOutcome = 'done' | 'skipped' | 'failed';

/** Background tasks by name, run in this order: each module names its own. */
export type BackgroundTasks = Record<string, () => Promise<unknown>>;

export interface BackgroundWork {
  /** Runs every task once now (the schedule calls it too); answers what became of each. */
  runAll(): Promise<Record<string, TaskOutcome>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    backgroundWork: BackgroundWork;
  }
}

/**
 * Work that keeps the shop's records true without a request asking: it runs once the server
 * listens and then on a schedule, and stops with the server. Each task runs on one server at a
 * time (`exclusive`: an advisory lock on PostgreSQL); a server that finds a task taken leaves it
 * to the one running it. The tasks' writes are conditional besides, so a task that did run twice
 * (its lock's connection lost mid-run) still changes each record once.
 */
export function scheduleBackgroundWork(
  app: FastifyInstance,
  deps: { tasks: BackgroundTasks; exclusive: OpenDatabase['exclusive'] },
): BackgroundWork {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<Record<string, TaskOutcome>> | undefined;
  const runTasks = async () => {
    const outcomes: Record<string, TaskOutcome> = {};
    for (const [name, task] of Object.entries(deps.tasks)) {
      try {
        const run = await deps.exclusive(`background:${name}`, task);
        outcomes[name] = run.ran ? 'done' : 'skipped';
        if (!run.ran) app.log.debug({ task: name }, 'background work left to the server running it');
      } catch (error) {
        outcomes[name] = 'failed';
        app.log.warn({ err: error, task: name }, 'background work failed; it runs again later');
      }
    }
    return outcomes;
  };
  // A run still going when the next is due (a slow card provider) is not started a second time.
  const runAll = () => {
    running ??= runTasks().finally(() => {
      running = undefined;
    });
    return running;
  };
  const work: BackgroundWork = { runAll };
  app.decorate('backgroundWork', work);
  app.addHook('onListen', async () => {
    void runAll();
    timer = setInterval(() => void runAll(), BACKGROUND_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // A run in progress finishes before the database it uses is closed.
    await running;
  });
  return work;
}
