import type { IncomingMessage, Server } from 'node:http';

/**
 * Whether the shop is busy serving requests other than sign-ins: in the last `windowMs`, such
 * requests came in and the event loop spent more than `threshold` of the time at work (Node's
 * event-loop utilisation). Hashes on the thread pool would then take the cores the loop needs.
 * A sign-in flood alone (its own writes and answers keep the loop busy too) is not a busy shop:
 * it gets every slot.
 */
export function busyShop(server: Server, threshold = 0.6, windowMs = 100): () => boolean {
  let others = 0;
  server.on('request', (request: IncomingMessage) => {
    if (!request.url?.startsWith('/api/auth/')) others++;
  });
  let mark = performance.eventLoopUtilization();
  let busy = false;
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, mark);
    if (since.idle + since.active >= windowMs) {
      busy = others > 0 && since.utilization > threshold;
      others = 0;
      mark = now;
    }
    return busy;
  };
}
