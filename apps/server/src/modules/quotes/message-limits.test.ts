import {
  MAX_QUOTE_MESSAGES,
  QUOTE_LIST_MESSAGES,
  QUOTE_THREAD_PAGE,
  TOO_MANY_QUOTE_MESSAGES_MESSAGE,
} from '@shop/contract/quotes';
import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';
import { askedQuote } from '../../test-support/quotes.js';

/**
 * The security issue "Quote messages are unbounded": one account put 20,000 messages on a quote
 * in minutes, and every read of its quotes answered them all. A thread is capped (also under
 * posters at once), posting is rate limited per account, and the answers are bounded.
 */

const PER_ACCOUNT = 60;
shopTest.override('shopOptions', {
  demo: false,
  env: { RATE_LIMIT_QUOTE_MESSAGES_PER_ACCOUNT: String(PER_ACCOUNT) },
});

/** The file's part, and helpers on its shop. */
const test = shopTest
  .extend('part', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, { name: 'Chatty relay', price_per_piece: 3 }),
  )
  .extend(
    'post',
    { scope: 'file' },
    ({ as }) =>
      (who: TestAccount, id: string, message: string) =>
        as(who).post(`/api/quotes/${id}/messages`, { message }),
  )
  .extend(
    'quoteOf',
    { scope: 'file' },
    ({ as, part }) =>
      (buyer: TestAccount) =>
        askedQuote(as(buyer), [{ partsId: part, quantity: 5 }], 'message 0'),
  )
  /**
   * Fills the quote's thread up to `total` messages (the request is the first), written straight
   * to the database, one a millisecond in the past, numbered "message 1", "message 2"…
   */
  .extend('fill', { scope: 'file' }, ({ shop }) => async (id: string, total: number): Promise<void> => {
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
  })
  /** A new buyer's quote whose thread holds `total` messages already. */
  .extend('filledQuote', { scope: 'file' }, ({ shop, quoteOf, fill }) => async (total: number) => {
    const buyer = await signUp(shop.app);
    const id = await quoteOf(buyer);
    await fill(id, total);
    return { buyer, id };
  })
  .extend(
    'countOf',
    { scope: 'file' },
    ({ shop }) =>
      async (id: string) =>
        Number(
          (
            await shop.database.db
              .selectFrom('quote_messages')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('quote_id', '=', id)
              .executeTakeFirstOrThrow()
          ).n,
        ),
  );

const texts = (messages: { message: string }[]) => messages.map((m) => m.message);
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `message ${from + i}`);

describe('the cap on messages per quote', () => {
  test(`takes ${MAX_QUOTE_MESSAGES} messages, then refuses any other with 422 too_many_messages, buyer and shop alike`, async ({
    filledQuote,
    admin,
    post,
    countOf,
  }) => {
    const { buyer, id } = await filledQuote(MAX_QUOTE_MESSAGES - 1);
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

  test('holds under 50 posts at once: exactly the room left is taken', async ({
    filledQuote,
    admin,
    post,
    countOf,
  }) => {
    const room = 7;
    const { buyer, id } = await filledQuote(MAX_QUOTE_MESSAGES - room);
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
  test(`takes RATE_LIMIT_QUOTE_MESSAGES_PER_ACCOUNT (${PER_ACCOUNT}) a window per account, then 429 with retry-after; another account still posts`, async ({
    shop,
    quoteOf,
    admin,
    post,
    countOf,
  }) => {
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

  test('is in the API documentation', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
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
  test.beforeAll(async ({ shop, quoteOf, fill }) => {
    buyer = await signUp(shop.app);
    full = await quoteOf(buyer);
    await fill(full, MAX_QUOTE_MESSAGES);
    short = await quoteOf(buyer);
  });

  test(`GET /api/quotes carries each quote's newest ${QUOTE_LIST_MESSAGES} messages and how many there are`, async ({
    as,
    admin,
  }) => {
    const res = await as(buyer).get('/api/quotes');
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
    const all = (await as(admin).get('/api/quotes?limit=100')).json();
    for (const quote of all) expect(quote.messages.length).toBeLessThanOrEqual(QUOTE_LIST_MESSAGES);
    expect(all.find((quote: { _id: string }) => quote._id === full).messageCount).toBe(MAX_QUOTE_MESSAGES);
  });

  test(`GET /api/quotes/{id} answers the newest ${QUOTE_THREAD_PAGE}, oldest first, and the count`, async ({
    as,
  }) => {
    const res = await as(buyer).get(`/api/quotes/${full}`);
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
    const small = (await as(buyer).get(`/api/quotes/${short}`)).json();
    expect(small.messageCount).toBe(1);
    expect(texts(small.messages)).toEqual(['message 0']);
  });

  test('GET /api/quotes/{id}/messages pages the older ones, counted from the newest, each page oldest first', async ({
    shop,
    as,
    admin,
  }) => {
    const page = (query: string) => as(buyer).get(`/api/quotes/${full}/messages${query}`);
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
    expect((await as(admin).get(`/api/quotes/${full}/messages?limit=1`)).json()).toHaveLength(1);
    const stranger = await signUp(shop.app);
    expect((await as(stranger).get(`/api/quotes/${full}/messages`)).statusCode).toBe(403);
    expect((await as(buyer).get(`/api/quotes/${crypto.randomUUID()}/messages`)).statusCode).toBe(404);
  });
});
