import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe('GET /api/parts', () => {
  it('lists the demo catalog with its total', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/parts' });
    expect(res.statusCode).toBe(200);
    const parts = res.json();
    expect(parts.length).toBeGreaterThanOrEqual(12);
    expect(res.headers['x-total-count']).toBe(String(parts.length));
  });

  it('finds the multimeter by a case-insensitive part of its name', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/parts?q=MULTI' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { name: string }) => p.name)).toEqual([
      'True-RMS Digital Multimeter 6000 Counts',
    ]);
  });
});
