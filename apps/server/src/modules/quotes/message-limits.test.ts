import {
  MAX_QUOTE_MESSAGES,
  QUOTE_LIST_MESSAGES,
  QUOTE_THREAD_PAGE,
  TOO_MANY_QUOTE_MESSAGES_MESSAGE,
} from '@shop/contract/quotes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { insertPart } from '../../test-support/parts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

/**
 * The security issue "Quote messages are unbounded": one account put 20,000 messages on a quote
 * in minutes, and every read of its quotes answered them all. A thread is capped (also under
 * posters at once), posting is rate limited per account, and the answers are bounded.
 */

const PER_ACCOUNT = 60;
let shop: TestShop;
let admin: TestAccount;
let part: string;

beforeAll(async () => {
  shop = await createTestShop({
    demo: false,
    env: { RATE_LIMIT_QUOTE_MESSAGES_PER_ACCOUNT: String(PER_ACCOUNT) },
  });
  admin = await signUpAdmin(shop.app, shop.database.db);
  part = await insertPart(shop.database.db, { name: 'Chatty relay', price_per_piece: 3 });
});
afterAll(async () => {
  await shop.close();
});

const call = (who: TestAccount, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  shop.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
const post = (who: TestAccount, id: string, message: string) =>
  call(who, 'POST', `/api/quotes/${id}/messages`, { message });

async function quoteOf(buyer: TestAccount): Promise<string> {
  const res = await call(buyer, 'POST', '/api/quotes', {
    lines: [{ partsId: part, quantity: 5 }],
    message: 'message 0',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId as string;
}

/**
 * Fills the quote's thread up to `total` messages (the request is the first), written straight
 * to the database, one a millisecond in the past, numbered "message 1", "message 2"…
 */
async function fill(id: string, total: number): Promise<void> {
  const start = Date.now() - 3_600_000;
  const rows = Array.from({ length: total - 1 }, (_, i) => ({
    id: crypto.randomUUID(),
    quote_id: id,
    sender: i % 2 === 0 ? ('shop' as const) : ('buyer' as const),
    message: `message ${i + 1}`,
    created_at: new Date(start + i).toISOString(),
  }));
  // The request is the first message: older than every one written here.
  await shop.database.db
    .updateTable('quote_messages')
    .set({ created_at: new Date(start - 1).toISOString() })
    .where('quote_id', '=', id)
    .execute();
  for (let i = 0; i < rows.length; i += 100)
    await shop.database.db
      .insertInto('quote_messages')
      .values(rows.slice(i, i + 100))
      .execute();
}

const countOf = async (id: string) =>
  Number(
    (
      await shop.database.db
        .selectFrom('quote_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('quote_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const texts = (messages: { message: string }[]) => messages.map((m) => m.message);
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `message ${from + i}`);

describe('the cap on messages per quote', () => {
  it(`takes ${MAX_QUOTE_MESSAGES} messages, then refuses any other with 422 too_many_messages, buyer and shop alike`, async () => {
    const buyer = await signUp(shop.app);
    const id = await quoteOf(buyer);
    await fill(id, MAX_QUOTE_MESSAGES - 1);
    expect((await post(buyer, id, 'the last one')).statusCode).toBe(201);
    for (const who of [buyer, admin]) {
      const refused = await post(who, id, 'one too many');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        error: { code: 'too_many_messages', message: TOO_MANY_QUOTE_MESSAGES_MESSAGE },
      });
    }
    expect(await countOf(id)).toBe(MAX_QUOTE_MESSAGES);
  });

  it('holds under 50 posts at once: exactly the room left is taken', async () => {
    const buyer = await signUp(shop.app);
    const id = await quoteOf(buyer);
    const room = 7;
    await fill(id, MAX_QUOTE_MESSAGES - room);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(i % 2 === 0 ? buyer : admin, id, `racer ${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(room);
    expect(statuses.filter((s) => s === 422)).toHaveLength(50 - room);
    expect(await countOf(id)).toBe(MAX_QUOTE_MESSAGES);
  });
});

describe('the rate limit on posting messages', () => {
  it(`takes RATE_LIMIT_QUOTE_MESSAGES_PER_ACCOUNT (${PER_ACCOUNT}) a window per account, then 429 with retry-after; another account still posts`, async () => {
    const buyer = await signUp(shop.app);
    const [first, second] = [await quoteOf(buyer), await quoteOf(buyer)];
    for (let i = 0; i < PER_ACCOUNT; i += 1)
      expect((await post(buyer, i % 2 === 0 ? first : second, `note ${i}`)).statusCode).toBe(201);
    // Counted per account, whichever quote.
    for (const id of [first, second]) {
      const refused = await post(buyer, id, 'and another');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await post(admin, first, 'The shop answers')).statusCode).toBe(201);
    expect(await countOf(first)).toBe(1 + PER_ACCOUNT / 2 + 1);
  });

  it('is in the API documentation', async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const posting = doc.paths['/api/quotes/{id}/messages'].post;
    expect(posting.summary).toMatch(/RATE_LIMIT_QUOTE_MESSAGES_PER_ACCOUNT/);
    expect(Object.keys(posting.responses)).toEqual(expect.arrayContaining(['422', '429']));
    expect(Object.keys(doc.paths['/api/quotes/{id}/messages'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
  });
});

describe('bounded answers', () => {
  let buyer: TestAccount;
  let full: string;
  let short: string;
  beforeAll(async () => {
    buyer = await signUp(shop.app);
    full = await quoteOf(buyer);
    await fill(full, MAX_QUOTE_MESSAGES);
    short = await quoteOf(buyer);
  });

  it(`GET /api/quotes carries each quote's newest ${QUOTE_LIST_MESSAGES} messages and how many there are`, async () => {
    const res = await call(buyer, 'GET', '/api/quotes');
    expect(res.statusCode).toBe(200);
    const [newest, older] = res.json();
    expect(newest._id).toBe(short);
    expect(newest.messageCount).toBe(1);
    expect(texts(newest.messages)).toEqual(['message 0']);
    expect(older._id).toBe(full);
    expect(older.messageCount).toBe(MAX_QUOTE_MESSAGES);
    expect(texts(older.messages)).toEqual(
      numbered(MAX_QUOTE_MESSAGES - QUOTE_LIST_MESSAGES, MAX_QUOTE_MESSAGES),
    );
    // The admin's list is bounded the same way.
    const all = (await call(admin, 'GET', '/api/quotes?limit=100')).json();
    for (const quote of all) expect(quote.messages.length).toBeLessThanOrEqual(QUOTE_LIST_MESSAGES);
    expect(all.find((quote: { _id: string }) => quote._id === full).messageCount).toBe(MAX_QUOTE_MESSAGES);
  });

  it(`GET /api/quotes/{id} answers the newest ${QUOTE_THREAD_PAGE}, oldest first, and the count`, async () => {
    const res = await call(buyer, 'GET', `/api/quotes/${full}`);
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    expect(quote.messageCount).toBe(MAX_QUOTE_MESSAGES);
    expect(texts(quote.messages)).toEqual(
      numbered(MAX_QUOTE_MESSAGES - QUOTE_THREAD_PAGE, MAX_QUOTE_MESSAGES),
    );
    expect(quote.messages[0]).toEqual({
      from: expect.stringMatching(/^(buyer|shop)$/),
      message: expect.any(String),
      createdAt: expect.any(String),
    });
    const small = (await call(buyer, 'GET', `/api/quotes/${short}`)).json();
    expect(small.messageCount).toBe(1);
    expect(texts(small.messages)).toEqual(['message 0']);
  });

  it('GET /api/quotes/{id}/messages pages the older ones, counted from the newest, each page oldest first', async () => {
    const page = (query: string) => call(buyer, 'GET', `/api/quotes/${full}/messages${query}`);
    const first = await page('');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(MAX_QUOTE_MESSAGES));
    expect(texts(first.json())).toEqual(numbered(MAX_QUOTE_MESSAGES - 50, MAX_QUOTE_MESSAGES));
    expect(texts((await page('?limit=30&offset=50')).json())).toEqual(
      numbered(MAX_QUOTE_MESSAGES - 80, MAX_QUOTE_MESSAGES - 50),
    );
    // The oldest page holds the request; past the start, nothing.
    expect(texts((await page(`?limit=100&offset=${MAX_QUOTE_MESSAGES - 10}`)).json())).toEqual(
      numbered(0, 10),
    );
    expect((await page(`?offset=${MAX_QUOTE_MESSAGES}`)).json()).toEqual([]);
    expect((await page('?limit=1000')).json()).toHaveLength(100);
    expect((await page('?limit=-1')).statusCode).toBe(400);
    // As the quote itself: its buyer and admins; another buyer 403, none 404.
    expect((await call(admin, 'GET', `/api/quotes/${full}/messages?limit=1`)).json()).toHaveLength(1);
    const stranger = await signUp(shop.app);
    expect((await call(stranger, 'GET', `/api/quotes/${full}/messages`)).statusCode).toBe(403);
    expect((await call(buyer, 'GET', `/api/quotes/${crypto.randomUUID()}/messages`)).statusCode).toBe(404);
  });
});
