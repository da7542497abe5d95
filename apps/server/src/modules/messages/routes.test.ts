import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';
import type { TestShop } from '../../test-support/test-app.js';

test.override('shopOptions', { demo: false, env: { RATE_LIMIT_MESSAGES_PER_IP: '12' } });

const send = (shop: TestShop, body: unknown, ip = '10.1.0.1') =>
  shop.app.inject({ method: 'POST', url: '/api/messages', payload: body as object, remoteAddress: ip });

describe('POST /api/messages', () => {
  test('takes the Contact Us form and the complaints box from anyone; an admin reads them newest first', async ({
    shop,
    as,
    admin,
  }) => {
    const contact = await send(shop, {
      kind: 'contact',
      email: ' Buyer@Example.com ',
      message: 'Do you ship to Chittagong?',
    });
    expect(contact.statusCode).toBe(201);
    const complaint = await send(shop, {
      kind: 'complaint',
      name: 'Karim',
      message: 'The probe tips bend.',
      consent: true,
    });
    expect(complaint.statusCode).toBe(201);
    const inbox = await as(admin).get('/api/messages');
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().slice(0, 2)).toEqual([
      {
        _id: complaint.json().insertedId,
        kind: 'complaint',
        name: 'Karim',
        message: 'The probe tips bend.',
        createdAt: expect.any(String),
      },
      {
        _id: contact.json().insertedId,
        kind: 'contact',
        email: 'buyer@example.com',
        message: 'Do you ship to Chittagong?',
        createdAt: expect.any(String),
      },
    ]);
    expect(inbox.headers['x-total-count']).toBe('2');
  });

  test.for([
    ['kind', { kind: 'spam', message: 'x' }],
    ['kind', { message: 'x' }],
    ['email', { kind: 'contact', email: 'not-an-email', message: 'x' }],
    ['message', { kind: 'contact', email: 'a@example.com', message: '' }],
    ['message', { kind: 'contact', email: 'a@example.com', message: 'x'.repeat(2001) }],
    ['name', { kind: 'complaint', message: 'x', consent: true }],
    ['consent', { kind: 'complaint', name: 'A', message: 'x', consent: false }],
    ['consent', { kind: 'complaint', name: 'A', message: 'x' }],
  ] as const)('refuses a bad %s with 400: %j', async ([field, body], { shop }) => {
    const res = await send(shop, body, '10.1.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
  });

  test('limits how many one address sends: 429 with retry-after', async ({ shop }) => {
    const body = { kind: 'contact', email: 'a@example.com', message: 'Hello' };
    for (let i = 0; i < 12; i++) expect((await send(shop, body, '10.1.0.3')).statusCode).toBe(201);
    const limited = await send(shop, body, '10.1.0.3');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(shop, body, '10.1.0.4')).statusCode).toBe(201);
  });
});

describe('GET /api/messages', () => {
  test('is for admins only', async ({ shop, as }) => {
    const buyer = await signUp(shop.app);
    expect((await as(null).get('/api/messages')).statusCode).toBe(401);
    expect((await as(buyer).get('/api/messages')).statusCode).toBe(403);
  });
});
