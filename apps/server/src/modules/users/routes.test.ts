import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount, uniqueEmail } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
let buyer: TestAccount;
let other: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  [buyer, other, admin] = await Promise.all([
    signUp(shop.app, { name: 'Karim Uddin' }),
    signUp(shop.app, { name: 'Other Buyer' }),
    signUpAdmin(shop.app, shop.database.db),
  ]);
});
afterAll(async () => {
  await shop.close();
});

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, who?: TestAccount, payload?: object) =>
  shop.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

describe('GET /api/usersByEmail', () => {
  it('answers that user, with the email in any case, and never a secret', async () => {
    const res = await call('GET', `/api/usersByEmail?email=${buyer.email.toUpperCase()}`, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: buyer.uid,
      name: 'Karim Uddin',
      email: buyer.email,
      emailVerified: false,
    });
  });

  it('answers an admin for anyone, 404 for nobody', async () => {
    expect((await call('GET', `/api/usersByEmail?email=${buyer.email}`, admin)).statusCode).toBe(200);
    const nobody = await call('GET', `/api/usersByEmail?email=${uniqueEmail()}`, admin);
    expect(nobody.statusCode).toBe(404);
  });

  it("refuses another user's email, or one that exists nowhere, with 403", async () => {
    expect((await call('GET', `/api/usersByEmail?email=${other.email}`, buyer)).statusCode).toBe(403);
    expect((await call('GET', `/api/usersByEmail?email=${uniqueEmail()}`, buyer)).statusCode).toBe(403);
  });

  it('needs a valid email and a signed-in caller', async () => {
    expect((await call('GET', '/api/usersByEmail?email=nope', buyer)).statusCode).toBe(400);
    expect((await call('GET', '/api/usersByEmail', buyer)).statusCode).toBe(400);
    expect((await call('GET', `/api/usersByEmail?email=${buyer.email}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/usersByEmail (mobile)', () => {
  it('saves the mobile of that user only', async () => {
    const res = await call('PUT', `/api/usersByEmail?email=${buyer.email}`, buyer, {
      mobile: '+880 1712-345678',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    const me = await call('GET', `/api/usersByEmail?email=${buyer.email}`, buyer);
    expect(me.json().mobile).toBe('+880 1712-345678');

    expect(
      (await call('PUT', `/api/usersByEmail?email=${other.email}`, buyer, { mobile: '+8801700000000' }))
        .statusCode,
    ).toBe(403);
    // an admin is not "that user" for writes in someone else's name
    expect(
      (await call('PUT', `/api/usersByEmail?email=${buyer.email}`, admin, { mobile: '+8801700000000' }))
        .statusCode,
    ).toBe(403);
  });

  it.each([
    [{}],
    [{ mobile: '' }],
    [{ mobile: 'call me' }],
    [{ mobile: true }],
    [{ mobile: '1'.repeat(40) }],
  ])('refuses %j with 400 naming mobile', async (body) => {
    const res = await call('PUT', `/api/usersByEmail?email=${buyer.email}`, buyer, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('mobile');
  });

  it('answers a visitor 401 before looking at the body', async () => {
    const res = await call('PUT', `/api/usersByEmail?email=${buyer.email}`, undefined, { mobile: 'garbage' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/users (profile)', () => {
  it('saves the name of that user and hands a fresh token', async () => {
    const res = await call('PUT', `/api/users?email=${buyer.email}`, buyer, {
      name: 'Karim U.',
      email: buyer.email,
    });
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json();
    const me = await call('GET', `/api/usersByEmail?email=${buyer.email}`, { ...buyer, accessToken });
    expect(me.json().name).toBe('Karim U.');
  });

  it("refuses someone else's profile, also to an admin", async () => {
    expect(
      (await call('PUT', `/api/users?email=${other.email}`, buyer, { name: 'X', email: other.email }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/users?email=${buyer.email}`, admin, { name: 'X', email: buyer.email }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/users?email=${buyer.email}`, buyer, { name: 'X', email: other.email }))
        .statusCode,
    ).toBe(400);
  });
});

describe('admins and the user list', () => {
  it('lists users to admins only, without secrets', async () => {
    expect((await call('GET', '/api/users', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/users')).statusCode).toBe(401);
    const res = await call('GET', '/api/users', admin);
    expect(res.statusCode).toBe(200);
    const users = res.json();
    expect(users.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([buyer.email, admin.email]),
    );
    expect(users.find((u: { email: string }) => u.email === admin.email).role).toBe('admin');
    expect(res.body).not.toMatch(/scrypt|password|token/i);
  });

  it('promotes a user; the role counts on the next request with the same token', async () => {
    const promoted = await signUp(shop.app);
    expect((await call('GET', `/api/checkAdmin/${promoted.email}`, promoted)).json()).toEqual({
      admin: false,
    });
    expect((await call('GET', '/api/users', promoted)).statusCode).toBe(403);
    expect((await call('PUT', `/api/usersById?id=${promoted.uid}`, buyer)).statusCode).toBe(403);
    const res = await call('PUT', `/api/usersById?id=${promoted.uid}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect((await call('GET', '/api/users', promoted)).statusCode).toBe(200);
    expect((await call('GET', `/api/checkAdmin/${promoted.email}`, promoted)).json()).toEqual({
      admin: true,
    });
  });

  it('answers 404 for an unknown user id and 400 for a malformed one', async () => {
    expect(
      (await call('PUT', '/api/usersById?id=00000000-0000-4000-8000-000000000000', admin)).statusCode,
    ).toBe(404);
    expect((await call('PUT', '/api/usersById?id=abc', admin)).statusCode).toBe(400);
  });

  it('checkAdmin: that user or an admin; anyone else 403', async () => {
    expect((await call('GET', `/api/checkAdmin/${admin.email}`, admin)).json()).toEqual({ admin: true });
    expect((await call('GET', `/api/checkAdmin/${buyer.email}`, admin)).json()).toEqual({ admin: false });
    expect((await call('GET', `/api/checkAdmin/${admin.email}`, buyer)).statusCode).toBe(403);
    expect((await call('GET', `/api/checkAdmin/${buyer.email}`)).statusCode).toBe(401);
  });
});

describe('GET /api/users is paged', () => {
  it('answers at most 100 users a page, 50 unless asked, with x-total-count; the pages hold every user once', async () => {
    // Written straight in: a shop with more accounts than one answer may carry.
    const at = new Date(Date.now() + 60_000).toISOString();
    const many = Array.from({ length: 160 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Filler ${i}`,
      email: uniqueEmail(`filler-${i}`),
      password_hash: null,
      role: null,
      mobile: null,
      created_at: at,
      email_verified_at: null,
      google_sub: null,
    }));
    await shop.database.db.insertInto('users').values(many).execute();
    const total = Number(
      (
        await shop.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const first = await call('GET', '/api/users', admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(50);
    expect(first.headers['x-total-count']).toBe(String(total));
    // The oldest first, as before: the accounts made before the fillers lead.
    expect(first.json().map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([buyer.email, admin.email]),
    );

    const clamped = await call('GET', '/api/users?limit=100000', admin);
    expect(clamped.json()).toHaveLength(100);

    // Page by page, every user once.
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 100) {
      const page = await call('GET', `/api/users?limit=100&offset=${offset}`, admin);
      expect(page.statusCode).toBe(200);
      expect(page.json().length).toBeLessThanOrEqual(100);
      seen.push(...page.json().map((u: { _id: string }) => u._id));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual(expect.arrayContaining(many.map((u) => u.id)));

    expect((await call('GET', '/api/users?limit=0', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/users?offset=-1', admin)).statusCode).toBe(400);
  });

  it('says so in the API documentation', async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const get = doc.paths['/api/users'].get;
    expect(get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'offset']),
    );
    expect(`${get.summary} ${get.description ?? ''}`).toMatch(/x-total-count/);
  });
});
