import { describe, expect } from 'vitest';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';

/** The file's shop and admin, its buyer Karim Uddin, and another buyer. */
const test = shopTest
  .override('buyer', ({ shop }) => signUp(shop.app, { name: 'Karim Uddin' }))
  .extend('other', { scope: 'file' }, ({ shop }) => signUp(shop.app, { name: 'Other Buyer' }));

describe('GET /api/usersByEmail', () => {
  test('answers that user, with the email in any case, and never a secret', async ({ as, buyer }) => {
    const res = await as(buyer).get(`/api/usersByEmail?email=${buyer.email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: buyer.uid,
      name: 'Karim Uddin',
      email: buyer.email,
      emailVerified: false,
    });
  });

  test('answers an admin for anyone, 404 for nobody', async ({ as, admin, buyer }) => {
    expect((await as(admin).get(`/api/usersByEmail?email=${buyer.email}`)).statusCode).toBe(200);
    const nobody = await as(admin).get(`/api/usersByEmail?email=${uniqueEmail()}`);
    expect(nobody.statusCode).toBe(404);
  });

  test("refuses another user's email, or one that exists nowhere, with 403", async ({ as, buyer, other }) => {
    expect((await as(buyer).get(`/api/usersByEmail?email=${other.email}`)).statusCode).toBe(403);
    expect((await as(buyer).get(`/api/usersByEmail?email=${uniqueEmail()}`)).statusCode).toBe(403);
  });

  test('needs a valid email and a signed-in caller', async ({ as, buyer }) => {
    expect((await as(buyer).get('/api/usersByEmail?email=nope')).statusCode).toBe(400);
    expect((await as(buyer).get('/api/usersByEmail')).statusCode).toBe(400);
    expect((await as(null).get(`/api/usersByEmail?email=${buyer.email}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/usersByEmail (mobile)', () => {
  test('saves the mobile of that user only', async ({ as, admin, buyer, other }) => {
    const res = await as(buyer).put(`/api/usersByEmail?email=${buyer.email}`, {
      mobile: '+880 1712-345678',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    const me = await as(buyer).get(`/api/usersByEmail?email=${buyer.email}`);
    expect(me.json().mobile).toBe('+880 1712-345678');

    expect(
      (await as(buyer).put(`/api/usersByEmail?email=${other.email}`, { mobile: '+8801700000000' }))
        .statusCode,
    ).toBe(403);
    // an admin is not "that user" for writes in someone else's name
    expect(
      (await as(admin).put(`/api/usersByEmail?email=${buyer.email}`, { mobile: '+8801700000000' }))
        .statusCode,
    ).toBe(403);
  });

  test.for([
    [{}],
    [{ mobile: '' }],
    [{ mobile: 'call me' }],
    [{ mobile: true }],
    [{ mobile: '1'.repeat(40) }],
  ])('refuses %j with 400 naming mobile', async ([body], { as, buyer }) => {
    const res = await as(buyer).put(`/api/usersByEmail?email=${buyer.email}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('mobile');
  });

  test('answers a visitor 401 before looking at the body', async ({ as, buyer }) => {
    const res = await as(null).put(`/api/usersByEmail?email=${buyer.email}`, { mobile: 'garbage' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/users (profile)', () => {
  test('saves the name of that user and hands a fresh token', async ({ as, buyer }) => {
    const res = await as(buyer).put(`/api/users?email=${buyer.email}`, {
      name: 'Karim U.',
      email: buyer.email,
    });
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json();
    const me = await as({ ...buyer, accessToken }).get(`/api/usersByEmail?email=${buyer.email}`);
    expect(me.json().name).toBe('Karim U.');
  });

  test("refuses someone else's profile, also to an admin", async ({ as, admin, buyer, other }) => {
    expect(
      (await as(buyer).put(`/api/users?email=${other.email}`, { name: 'X', email: other.email })).statusCode,
    ).toBe(403);
    expect(
      (await as(admin).put(`/api/users?email=${buyer.email}`, { name: 'X', email: buyer.email })).statusCode,
    ).toBe(403);
    expect(
      (await as(buyer).put(`/api/users?email=${buyer.email}`, { name: 'X', email: other.email })).statusCode,
    ).toBe(400);
  });
});

describe('admins and the user list', () => {
  test('lists users to admins only, without secrets', async ({ as, admin, buyer }) => {
    expect((await as(buyer).get('/api/users')).statusCode).toBe(403);
    expect((await as(null).get('/api/users')).statusCode).toBe(401);
    const res = await as(admin).get('/api/users');
    expect(res.statusCode).toBe(200);
    const users = res.json();
    expect(users.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([buyer.email, admin.email]),
    );
    expect(users.find((u: { email: string }) => u.email === admin.email).role).toBe('admin');
    expect(res.body).not.toMatch(/scrypt|password|token/i);
  });

  test('promotes a user; the role counts on the next request with the same token', async ({
    shop,
    as,
    admin,
    buyer,
  }) => {
    const promoted = await signUp(shop.app);
    expect((await as(promoted).get(`/api/checkAdmin/${promoted.email}`)).json()).toEqual({
      admin: false,
    });
    expect((await as(promoted).get('/api/users')).statusCode).toBe(403);
    expect((await as(buyer).put(`/api/usersById?id=${promoted.uid}`)).statusCode).toBe(403);
    const res = await as(admin).put(`/api/usersById?id=${promoted.uid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect((await as(promoted).get('/api/users')).statusCode).toBe(200);
    expect((await as(promoted).get(`/api/checkAdmin/${promoted.email}`)).json()).toEqual({
      admin: true,
    });
  });

  test('answers 404 for an unknown user id and 400 for a malformed one', async ({ as, admin }) => {
    expect((await as(admin).put('/api/usersById?id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await as(admin).put('/api/usersById?id=abc')).statusCode).toBe(400);
  });

  test('checkAdmin: that user or an admin; anyone else 403', async ({ as, admin, buyer }) => {
    expect((await as(admin).get(`/api/checkAdmin/${admin.email}`)).json()).toEqual({ admin: true });
    expect((await as(admin).get(`/api/checkAdmin/${buyer.email}`)).json()).toEqual({ admin: false });
    expect((await as(buyer).get(`/api/checkAdmin/${admin.email}`)).statusCode).toBe(403);
    expect((await as(null).get(`/api/checkAdmin/${buyer.email}`)).statusCode).toBe(401);
  });
});

describe('GET /api/users is paged', () => {
  test('answers at most 100 users a page, 50 unless asked, with x-total-count; the pages hold every user once', async ({
    shop,
    as,
    admin,
    buyer,
  }) => {
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

    const first = await as(admin).get('/api/users');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(50);
    expect(first.headers['x-total-count']).toBe(String(total));
    // The oldest first, as before: the accounts made before the fillers lead.
    expect(first.json().map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([buyer.email, admin.email]),
    );

    const clamped = await as(admin).get('/api/users?limit=100000');
    expect(clamped.json()).toHaveLength(100);

    // Page by page, every user once.
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 100) {
      const page = await as(admin).get(`/api/users?limit=100&offset=${offset}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().length).toBeLessThanOrEqual(100);
      seen.push(...page.json().map((u: { _id: string }) => u._id));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual(expect.arrayContaining(many.map((u) => u.id)));

    expect((await as(admin).get('/api/users?limit=0')).statusCode).toBe(400);
    expect((await as(admin).get('/api/users?offset=-1')).statusCode).toBe(400);
  });

  test('says so in the API documentation', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const get = doc.paths['/api/users'].get;
    expect(get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'offset']),
    );
    expect(`${get.summary} ${get.description ?? ''}`).toMatch(/x-total-count/);
  });
});
