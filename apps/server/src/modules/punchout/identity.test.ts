import { NO_PUNCHOUT_MESSAGE, PUNCHOUT_BUYER_MESSAGE, PUNCHOUT_TAKEN_MESSAGE } from '@shop/contract/punchout';
import { describe, expect } from 'vitest';
import { punchoutTest as test } from '../../test-support/punchout.js';

/** A company's punchout identity: its admins set it and see the shared secret once. */
describe('punchout identity', () => {
  test('its admin sets it, sees the secret once, and may make a new one', async ({
    as,
    shop,
    people,
    admin,
  }) => {
    const url = `/api/companies/${people.companyId}/punchout`;
    const none = await as(people.companyAdmin).get(url);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(NO_PUNCHOUT_MESSAGE);
    const body = {
      domain: 'NetworkID',
      identity: 'AN01000000001',
      ociUsername: 'karnaphuli-sap',
      buyerEmail: people.buyer.email.toUpperCase(),
    };
    const first = await as(people.companyAdmin).put(url, body);
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json();
    expect(made).toEqual({
      companyId: people.companyId,
      domain: 'NetworkID',
      identity: 'AN01000000001',
      ociUsername: 'karnaphuli-sap',
      buyerEmail: people.buyer.email,
      secretSetAt: expect.any(String),
      setupUrl: expect.stringMatching(/\/api\/punchout\/cxml\/setup$/),
      orderUrl: expect.stringMatching(/\/api\/punchout\/cxml\/order$/),
      ociUrl: expect.stringMatching(/\/api\/punchout\/oci$/),
      sharedSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    // Kept only as its hash; never shown again.
    const rows = await shop.database.db.selectFrom('punchout_identities').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(made.sharedSecret);
    const read = await as(people.companyAdmin).get(url);
    expect(read.json()).toEqual({ ...made, sharedSecret: undefined });
    expect(read.body).not.toContain('sharedSecret');
    const same = await as(people.companyAdmin).put(url, { ...body, ociUsername: 'karnaphuli-sap-2' });
    expect(same.json().sharedSecret).toBeUndefined();
    expect(same.json().ociUsername).toBe('karnaphuli-sap-2');
    const renewed = await as(people.companyAdmin).put(url, { ...body, newSecret: true });
    expect(renewed.json().sharedSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed.json().sharedSecret).not.toBe(made.sharedSecret);

    // Others may neither read nor set it.
    for (const caller of [people.buyer, people.rival, admin])
      for (const res of [await as(caller).get(url), await as(caller).put(url, body)])
        expect(res.statusCode, res.body).toBe(403);
    expect((await as(null).get(url)).statusCode).toBe(401);
    const audit = await as(admin).get('/api/audit?action=company.punchout_set');
    expect(audit.json().items?.length ?? audit.json().length).toBeGreaterThan(0);
  });

  test('a credential another company uses, or a buyer of another company, is refused', async ({
    as,
    people,
  }) => {
    const mine = {
      domain: 'NetworkID',
      identity: 'AN-TAKEN-1',
      ociUsername: 'taken-oci',
      buyerEmail: people.companyAdmin.email,
    };
    expect(
      (await as(people.companyAdmin).put(`/api/companies/${people.companyId}/punchout`, mine)).statusCode,
    ).toBe(200);
    const theirs = `/api/companies/${people.rivalCompanyId}/punchout`;
    const rival = { ...mine, buyerEmail: people.rival.email };
    for (const body of [rival, { ...rival, ociUsername: 'free-oci' }, { ...rival, identity: 'AN-FREE' }]) {
      const res = await as(people.rival).put(theirs, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(PUNCHOUT_TAKEN_MESSAGE);
    }
    const stranger = await as(people.rival).put(theirs, {
      ...rival,
      identity: 'AN-FREE',
      ociUsername: 'free-oci',
      buyerEmail: people.buyer.email,
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().error).toMatchObject({ code: 'not_a_member', message: PUNCHOUT_BUYER_MESSAGE });
  });

  test('each field has a rule with a clear 400', async ({ as, people }) => {
    const url = `/api/companies/${people.companyId}/punchout`;
    const good = {
      domain: 'NetworkID',
      identity: 'AN-RULES',
      ociUsername: 'rules',
      buyerEmail: people.buyer.email,
    };
    for (const body of [
      {},
      { ...good, domain: '' },
      { ...good, identity: 'x'.repeat(201) },
      { ...good, ociUsername: 'two\nlines' },
      { ...good, buyerEmail: 'not an email' },
      { ...good, newSecret: 'yes' },
      { ...good, extra: 1 },
    ]) {
      const res = await as(people.companyAdmin).put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });
});
