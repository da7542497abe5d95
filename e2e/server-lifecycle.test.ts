import { describe, expect, it } from 'vitest';
import { startShop } from './support/shop-server';

async function catalogSize(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/parts?limit=1`);
  return Number(res.headers.get('x-total-count'));
}

describe('the shop as an operator runs it', () => {
  it('stops cleanly on SIGTERM and starts again on the same data without seeding twice', async () => {
    const first = await startShop();
    const parts = await catalogSize(first.baseUrl);
    expect(parts).toBeGreaterThanOrEqual(12);
    expect(await first.stop({ keepData: true })).toBe(0);

    const second = await startShop({}, { dataDir: first.dataDir });
    try {
      expect(await catalogSize(second.baseUrl)).toBe(parts);
      const health = await fetch(`${second.baseUrl}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('refuses to start with a bad setting and names it', async () => {
    await expect(startShop({ PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });
});
