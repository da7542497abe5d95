import type { FastifyInstance } from 'fastify';

/** How often the shop's background work runs on each server. */
export const BACKGROUND_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Work that keeps the shop's records true without a request asking: it runs once the server
 * listens and then on a schedule, and stops with the server. Each task is safe to run on
 * several servers at once (its writes are conditional).
 */
export function scheduleBackgroundWork(
  app: FastifyInstance,
  tasks: Record<string, () => Promise<unknown>>,
): void {
  let timer: NodeJS.Timeout | undefined;
  const runAll = async () => {
    for (const [name, task] of Object.entries(tasks)) {
      try {
        await task();
      } catch (error) {
        app.log.warn({ err: error, task: name }, 'background work failed; it runs again later');
      }
    }
  };
  app.addHook('onListen', async () => {
    void runAll();
    timer = setInterval(() => void runAll(), BACKGROUND_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
