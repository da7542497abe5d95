import { ErrorBody } from '@shop/contract/errors';
import { NOT_ONE_LINE } from '@shop/contract/primitives';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect } from 'vitest';
import { bearer, signUp, type TestAccount } from '../test-support/accounts.js';
import { markVerified } from '../test-support/companies.js';
import { test } from '../test-support/fixture.js';
import { expectStockInvariant } from '../test-support/stock.js';
import type { TestShop } from '../test-support/test-app.js';

/**
 * Property-based fuzzing of the API: valid bodies are taken, and bodies broken in every way a
 * client can break them (wrong types, missing fields, huge or odd strings, integer limits,
 * prototype keys) get a 4xx with the error shape — never a 5xx. Bounded: RUNS inputs per case.
 */
const RUNS = 40;

test.override('shopOptions', {
  demo: false,
  env: {
    RATE_LIMIT_MESSAGES_PER_IP: '100000',
    RATE_LIMIT_REVIEWS_PER_ACCOUNT: '100000',
    RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: '100000',
    RATE_LIMIT_INVITATIONS_PER_ACCOUNT: '100000',
    RATE_LIMIT_INVITATIONS_PER_COMPANY: '100000',
  },
});

// The fixture's shop and accounts, kept for the cases below, which read them when they run.
let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
let partId: string;
/** A buyer who made a company (so its admin), and the company. */
let companyAdmin: TestAccount;
let companyMember: TestAccount;
let companyId: string;
const startingStock = new Map<string, number>();
const tally = { inputs: 0, serverErrors: 0 };

test.beforeAll(async ({ shop: fixtureShop, admin: fixtureAdmin, buyer: fixtureBuyer, as }) => {
  [shop, admin, buyer] = [fixtureShop, fixtureAdmin, fixtureBuyer];
  const res = await as(admin).post('/api/parts', {
    name: 'Fuzz target part',
    desc: 'Stock for the fuzzed orders',
    img: 'https://example.com/p.webp',
    min_order_quantity: 2,
    available_quantity: 1_000_000,
    price_per_piece: 3,
  });
  partId = res.json().insertedId;
  startingStock.set(partId, 1_000_000);
  companyAdmin = await signUp(shop.app);
  await markVerified(shop.database.db, companyAdmin);
  const company = await as(companyAdmin).post('/api/companies', { name: 'Fuzz Ltd' });
  companyId = company.json().insertedId;
  // A member whose role and limit the company's admin changes (an admin's own limit only goes down).
  companyMember = await signUp(shop.app);
  await shop.database.db
    .insertInto('company_members')
    .values({
      company_id: companyId,
      user_id: companyMember.uid,
      role: 'buyer',
      spending_limit: null,
      joined_at: new Date().toISOString(),
    })
    .execute();
});
test.afterAll(async ({ shop }) => {
  await expectStockInvariant(shop.database.db, startingStock);
  console.info(`fuzz: ${tally.inputs} inputs tried, ${tally.serverErrors} answered 5xx`);
});

/** Values that do not belong where a field's value goes. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, {}, [], '', ' ', 'abc', 'NaN', 'Infinity', '-0', '1e309', '0x10', '٣'),
  fc.constantFrom(-1, 0, 1.5, -0.0001, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308),
  fc.constantFrom(
    'x'.repeat(70_000),
    '😀'.repeat(3000),
    '\u0000',
    '\ud800',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
);

/**
 * A value as a query string would carry it. `String()` throws on what fast-check's `anything`
 * makes now and then (an object without a prototype, or whose `toString` is not a function).
 */
function asText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** A valid body broken one way: a field replaced, a field dropped, or a prototype key added. */
function broken(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return valid.chain((body) => {
    const keys = Object.keys(body);
    return fc.oneof(
      fc
        .tuple(fc.constantFrom(...keys), hostileValue)
        .map(([key, value]) => JSON.stringify({ ...body, [key]: value })),
      fc.constantFrom(...keys).map((key) => {
        const { [key]: _dropped, ...rest } = body;
        return JSON.stringify(rest);
      }),
      fc
        .constantFrom('__proto__', 'constructor', 'prototype')
        .map((key) => `{"${key}":{"polluted":true,"role":"admin"},${JSON.stringify(body).slice(1)}`),
      hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    );
  });
}

type FuzzRequest = Omit<InjectOptions, 'body' | 'payload'> & { body?: string };

async function send(request: FuzzRequest) {
  const { body, ...rest } = request;
  const res = await shop.app.inject({
    ...rest,
    ...(body === undefined
      ? {}
      : { payload: body, headers: { ...rest.headers, 'content-type': 'application/json' } }),
  });
  tally.inputs += 1;
  if (res.statusCode >= 500) tally.serverErrors += 1;
  return res;
}

function expectRefusal(res: Awaited<ReturnType<typeof send>>, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  // The error shape, with a refused order's `details` where it has them.
  expect(ErrorBody.strict().parse(res.json()).error).toEqual({
    code: expect.any(String),
    message: expect.any(String),
    ...(res.json().error.details ? { details: expect.any(Array) } : {}),
  });
}

const text = (min: number, max: number) =>
  fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).filter((s) => s.trim().length >= min);
/** Text of one line: names, labels, PO numbers (no tabs or line breaks). */
const oneLine = (min: number, max: number) => text(min, max).filter((s) => !NOT_ONE_LINE.test(s));
const email = fc.stringMatching(/^[a-z0-9_+-]{1,20}@[a-z0-9]{1,20}\.[a-z]{2,6}$/);
const mobile = fc.stringMatching(/^\+?[0-9]{3}[0-9 -]{2,15}[0-9]$/);

interface Case {
  name: string;
  headers: () => Record<string, string>;
  method: 'POST' | 'PUT';
  url: () => string;
  valid: fc.Arbitrary<Record<string, unknown>>;
  accepted: number;
}

const cases: Case[] = [
  {
    name: 'POST /api/parts',
    headers: () => bearer(admin),
    method: 'POST',
    url: () => '/api/parts',
    valid: fc
      .record({
        name: oneLine(1, 120),
        desc: text(1, 2000),
        img: fc.webUrl({ validSchemes: ['https'] }).filter((u) => u.length <= 2000 && !/\s/.test(u)),
        min_order_quantity: fc.integer({ min: 1, max: 1000 }),
        extra: fc.integer({ min: 0, max: 1_000_000 }),
        price_per_piece: fc.integer({ min: 1, max: 1_000_000 }),
      })
      .map(({ extra, ...part }) => ({ ...part, available_quantity: part.min_order_quantity + extra })),
    accepted: 201,
  },
  {
    name: 'POST /api/review',
    headers: () => bearer(buyer),
    method: 'POST',
    url: () => '/api/review',
    valid: fc.record({
      name: oneLine(1, 100),
      rating: fc.integer({ min: 0, max: 5 }),
      message: text(1, 2000),
    }),
    accepted: 201,
  },
  {
    name: 'POST /api/messages',
    headers: () => ({}),
    method: 'POST',
    url: () => '/api/messages',
    valid: fc.oneof(
      fc.record({ kind: fc.constant('contact'), email, message: text(1, 2000) }),
      fc.record({
        kind: fc.constant('complaint'),
        name: oneLine(1, 100),
        message: text(1, 2000),
        consent: fc.constant(true),
      }),
    ),
    accepted: 201,
  },
  {
    name: 'POST /api/purchase',
    headers: () => bearer(buyer),
    method: 'POST',
    url: () => '/api/purchase',
    valid: fc.record({
      partsId: fc.constant('PART'),
      quantity: fc.integer({ min: 2, max: 20 }),
      mobile,
      address: text(1, 500),
    }),
    accepted: 201,
  },
  {
    name: 'POST /api/orders',
    headers: () => bearer(buyer),
    method: 'POST',
    url: () => '/api/orders',
    valid: fc.record({
      lines: fc.tuple(fc.record({ partsId: fc.constant('PART'), quantity: fc.integer({ min: 2, max: 20 }) })),
      mobile,
      address: text(1, 500),
      poNumber: oneLine(1, 50),
    }),
    accepted: 201,
  },
  {
    name: 'POST /api/lists',
    headers: () => bearer(buyer),
    method: 'POST',
    url: () => '/api/lists',
    valid: fc.record({
      name: oneLine(1, 100),
      lines: fc.tuple(
        fc.record({ partsId: fc.constant('PART'), quantity: fc.integer({ min: 1, max: 1e9 }) }),
      ),
    }),
    accepted: 201,
  },
  {
    name: 'POST /api/quotes',
    headers: () => bearer(buyer),
    method: 'POST',
    url: () => '/api/quotes',
    valid: fc.record({
      lines: fc.tuple(
        fc.record({ partsId: fc.constant('PART'), quantity: fc.integer({ min: 1, max: 1e9 }) }),
      ),
      message: text(1, 2000),
    }),
    accepted: 201,
  },
  {
    name: 'POST /api/companies/{id}/invitations',
    headers: () => bearer(companyAdmin),
    method: 'POST',
    url: () => `/api/companies/${companyId}/invitations`,
    // A few addresses: a new invitation to one replaces its open one, so the cap is never reached.
    valid: fc.record({
      email: fc.constantFrom('fuzz-a@example.com', 'fuzz-b@example.com', 'fuzz-c@example.com'),
      role: fc.constantFrom('admin', 'buyer'),
      spendingLimit: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
    }),
    accepted: 201,
  },
  {
    name: 'PUT /api/companies/{id}/members/{uid}',
    headers: () => bearer(companyAdmin),
    method: 'PUT',
    url: () => `/api/companies/${companyId}/members/${companyMember.uid}`,
    valid: fc.record({
      role: fc.constant('admin'),
      spendingLimit: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
    }),
    accepted: 200,
  },
  {
    name: 'PUT /api/companies/{id}/payment-terms',
    headers: () => bearer(admin),
    method: 'PUT',
    url: () => `/api/companies/${companyId}/payment-terms`,
    valid: fc.record({ paymentTerms: fc.constantFrom('card', 'net30') }),
    accepted: 200,
  },
  {
    name: 'PUT /api/usersByEmail',
    headers: () => bearer(buyer),
    method: 'PUT',
    url: () => `/api/usersByEmail?email=${encodeURIComponent(buyer.email)}`,
    valid: fc.record({ mobile }),
    accepted: 200,
  },
  {
    name: 'PUT /api/customer-part-numbers',
    headers: () => bearer(buyer),
    method: 'PUT',
    url: () => '/api/customer-part-numbers',
    valid: fc.record({
      items: fc.tuple(
        fc.record({
          partsId: fc.constant('PART'),
          customerPartNumber: oneLine(1, 64).filter((s) => /[\p{L}\p{N}]/u.test(s)),
        }),
      ),
    }),
    accepted: 200,
  },
];

/**
 * The purchase, order, list, quote and part-number cases name the fuzz part once it exists (on
 * their lines and items too).
 */
const withPart = (body: Record<string, unknown>): Record<string, unknown> => {
  const named = body.partsId === 'PART' ? { ...body, partsId: partId } : body;
  if (Array.isArray(body.items)) return { ...named, items: body.items.map(withPart) };
  return Array.isArray(body.lines) ? { ...named, lines: body.lines.map(withPart) } : named;
};

describe('fuzzing the API', () => {
  test.for(cases)('$name takes valid bodies', async (c) => {
    await fc.assert(
      fc.asyncProperty(c.valid, async (body) => {
        const res = await send({
          method: c.method,
          url: c.url(),
          headers: c.headers(),
          body: JSON.stringify(withPart(body)),
        });
        expect(res.statusCode, res.body).toBe(c.accepted);
      }),
      { numRuns: RUNS },
    );
  });

  test.for(cases)('$name refuses broken bodies with a 4xx and the error shape', async (c) => {
    const partless = c.valid.map(withPart);
    await fc.assert(
      fc.asyncProperty(broken(partless), async (body) => {
        const res = await send({ method: c.method, url: c.url(), headers: c.headers(), body });
        if (res.statusCode < 400) {
          // A broken body may still be valid (a replaced value that happens to fit); then it is taken.
          expect(res.statusCode).toBe(c.accepted);
        } else expectRefusal(res, body.slice(0, 200));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  /** Percent-encodes anything, lone surrogates included (as bytes no decoder accepts). */
  const encode = (value: string) => {
    try {
      return encodeURIComponent(value);
    } catch {
      return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
    }
  };

  test('refuses hostile queries and path ids on every read and write by id', async () => {
    const id = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('..%2F..%2Fetc', '%00', 'null', '-1', '1e3'),
      fc.uuid(),
    );
    const query = fc.oneof(
      hostileValue.map((v) => encode(asText(v))),
      fc.string({ maxLength: 30 }).map(encode),
      fc.constantFrom('%00', '%ED%A0%80', '%FF', '%', '%%', '%2', 'a%00b'),
    );
    await fc.assert(
      fc.asyncProperty(id, query, query, async (rawId, limit, q) => {
        const safeId = encode(rawId);
        const requests: FuzzRequest[] = [
          { method: 'GET', url: `/api/parts?limit=${limit}&q=${q.slice(0, 300)}` },
          { method: 'GET', url: `/api/parts?q=${q.slice(0, 300)}` },
          { method: 'GET', url: `/api/partsById?id=${safeId}` },
          { method: 'GET', url: `/api/catalog/search?q=${q.slice(0, 300)}&limit=${limit}` },
          // A buyer's search also reads their own part numbers.
          { method: 'GET', url: `/api/catalog/search?q=${q.slice(0, 300)}`, headers: bearer(buyer) },
          { method: 'GET', url: `/api/partsById?id=${safeId}`, headers: bearer(buyer) },
          {
            method: 'GET',
            url: `/api/catalog/search?category=${safeId}&f.${q.slice(0, 40)}=${q.slice(0, 300)}`,
          },
          { method: 'GET', url: `/api/catalog/search?tool=${safeId}&sort=${q.slice(0, 40)}` },
          { method: 'GET', url: `/api/tools/${safeId}` },
          { method: 'GET', url: `/api/review?offset=${limit}` },
          { method: 'GET', url: `/api/purchaseById/${safeId}`, headers: bearer(buyer) },
          { method: 'GET', url: `/api/quotes/${safeId}`, headers: bearer(buyer) },
          {
            method: 'GET',
            url: `/api/quotes?status=${q.slice(0, 300)}&limit=${limit}`,
            headers: bearer(admin),
          },
          { method: 'POST', url: `/api/quotes/${safeId}/accept`, headers: bearer(buyer), body: '{}' },
          { method: 'GET', url: `/api/purchaseById/${safeId}/invoice`, headers: bearer(buyer) },
          { method: 'DELETE', url: `/api/purchaseById/${safeId}`, headers: bearer(buyer) },
          {
            method: 'PUT',
            url: `/api/purchaseById/${safeId}/fulfilment`,
            headers: bearer(admin),
            body: '{"status":"delivered"}',
          },
          { method: 'GET', url: `/api/checkAdmin/${safeId}`, headers: bearer(buyer) },
          { method: 'GET', url: `/api/companies/${safeId}`, headers: bearer(buyer) },
          { method: 'GET', url: `/api/companies/${safeId}/invitations`, headers: bearer(companyAdmin) },
          {
            method: 'PUT',
            url: `/api/companies/${companyId}/members/${safeId}`,
            headers: bearer(companyAdmin),
            body: '{"spendingLimit":5}',
          },
          {
            method: 'DELETE',
            url: `/api/companies/${safeId}/members/${safeId}`,
            headers: bearer(companyAdmin),
          },
          {
            method: 'GET',
            url: `/api/companies?limit=${limit}&offset=${q.slice(0, 50)}`,
            headers: bearer(admin),
          },
          { method: 'POST', url: `/api/orders/${safeId}/approve`, headers: bearer(buyer), body: '{}' },
          { method: 'POST', url: `/api/orders/${safeId}/reject`, headers: bearer(buyer), body: '{}' },
          {
            method: 'GET',
            url: `/api/companies/${safeId}/orders?approval=${q.slice(0, 300)}&limit=${limit}`,
            headers: bearer(buyer),
          },
        ];
        for (const request of requests) {
          const res = await send(request);
          expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(500);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('refuses hostile sign-in, payment and profile bodies without a 5xx', async () => {
    const targets: [string, InjectOptions['method'], Record<string, string>][] = [
      ['/api/auth/login', 'POST', {}],
      ['/api/auth/refresh', 'POST', {}],
      ['/api/auth/logout', 'POST', {}],
      ['/api/create-payment-intent', 'POST', {}],
      ['/api/payments/test/confirm', 'POST', {}],
      [`/api/purchaseById/${partId}`, 'PUT', {}],
      // The shop's admin records a settlement: its body is read only for them.
      [`/api/purchaseById/${partId}/settlement`, 'PUT', {}],
      [`/api/users?email=${encodeURIComponent(buyer.email)}`, 'PUT', {}],
      ['/api/invitations/accept', 'POST', {}],
      ['/api/companies', 'POST', {}],
    ];
    const body = fc.oneof(
      hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
      fc
        .dictionary(
          fc.constantFrom(
            'email',
            'password',
            'refreshToken',
            '_id',
            'clientSecret',
            'card',
            'paymentId',
            'name',
            'token',
            'vatId',
            'reference',
          ),
          hostileValue,
          { maxKeys: 4 },
        )
        .map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, async ([url, method, _h], payload) => {
        const caller = url.endsWith('/settlement') ? admin : buyer;
        const res = await send({ method, url, headers: bearer(caller), body: payload });
        expect(res.statusCode, `${url}: ${payload.slice(0, 200)} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error.code).toEqual(expect.any(String));
      }),
      { numRuns: RUNS * 3 },
    );
  });

  test('refuses broken fulfilment bodies with a 4xx and the error shape; only a valid one ships', async () => {
    // A paid order of the buyer's, to ship: a broken body leaves it unfulfilled.
    const placed = await send({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(buyer),
      body: JSON.stringify({ partsId: partId, quantity: 2, mobile: '+880 1712 345678', address: 'Dhaka' }),
    });
    const orderId = placed.json().insertedId as string;
    const intent = await send({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(buyer),
      body: JSON.stringify({ _id: orderId }),
    });
    const confirmed = await send({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: bearer(buyer),
      body: JSON.stringify({
        clientSecret: intent.json().clientSecret,
        card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
      }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const url = `/api/purchaseById/${orderId}/fulfilment`;
    const valid = fc.record({
      status: fc.constant('shipped'),
      carrier: oneLine(1, 100),
      trackingNumber: fc.stringMatching(/^[A-Z0-9]{6,30}$/),
    });
    let shipped = 0;
    await fc.assert(
      fc.asyncProperty(broken(valid), async (body) => {
        const res = await send({ method: 'PUT', url, headers: bearer(admin), body });
        if (res.statusCode === 200) shipped += 1;
        // Shipped once by a body that happened to stay valid, it is 409 from then on.
        else expectRefusal(res, body.slice(0, 200));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: RUNS * 2 },
    );
    expect(shipped).toBeLessThanOrEqual(1);
    const order = await send({ method: 'GET', url: `/api/purchaseById/${orderId}`, headers: bearer(buyer) });
    expect(order.json().fulfilment.status).toBe(shipped === 1 ? 'shipped' : 'unfulfilled');
  });

  test('saw no 5xx at all', () => {
    expect(tally.serverErrors).toBe(0);
  });
});
