import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startShop } from './support/shop-server';

describe('a slow-loris client', () => {
  it('is cut off when it trickles its headers past the request timeout', async () => {
    const shop = await startShop({ REQUEST_TIMEOUT_SECONDS: '2', SEED_DEMO: 'off' });
    try {
      const { port } = new URL(shop.baseUrl);
      const socket = net.connect(Number(port), '127.0.0.1');
      const started = Date.now();
      const closed = new Promise<number>((resolve) =>
        socket.on('close', () => resolve(Date.now() - started)),
      );
      socket.on('error', () => {});
      socket.write('GET /api/health HTTP/1.1\r\nHost: shop\r\n');
      const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 300);
      const elapsed = await Promise.race([
        closed,
        new Promise<number>((r) => setTimeout(() => r(-1), 15_000)),
      ]);
      clearInterval(trickle);
      socket.destroy();
      expect(elapsed, 'the server never closed the connection').toBeGreaterThan(0);
      expect(elapsed).toBeLessThan(10_000);
      // The server still serves everyone else.
      expect((await fetch(`${shop.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await shop.stop();
    }
  });
});
