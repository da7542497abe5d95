import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, uniqueEmail } from '../../test-support/accounts.js';
import { markVerified } from '../../test-support/companies.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

/** A shop without SMTP_URL: an invitation's link goes to the log at info, where it works. */
let shop: TestShop;
let lines = '';
beforeAll(async () => {
  shop = await createTestShop({
    demo: false,
    env: { LOG_LEVEL: 'info' },
    logStream: {
      write(line: string) {
        lines += line;
      },
    },
  });
});
afterAll(async () => {
  await shop.close();
});

const logged = (msg: string) =>
  lines
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((line) => line.msg === msg);

describe('an invitation without SMTP_URL', () => {
  it('writes the link to the log at info; the invited person joins with it', async () => {
    const owner = await signUp(shop.app);
    await markVerified(shop.database.db, owner);
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: bearer(owner),
      payload: { name: 'Logbook Ltd' },
    });
    const companyId = created.json().insertedId;
    const email = uniqueEmail('invitee');
    const invited = await shop.app.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/invitations`,
      headers: { ...bearer(owner), host: 'shop.test:8080' },
      payload: { email, role: 'buyer' },
    });
    expect(invited.statusCode).toBe(201);
    const [entry] = logged('company invitation link (no SMTP_URL: mail not sent)').filter(
      (line) => line.invitationId === invited.json().insertedId,
    );
    expect(entry?.level).toBe(30);
    expect(entry?.link).toMatch(/^http:\/\/localhost:3000\/invitations#token=[\w-]{43}$/);
    const invitee = await signUp(shop.app, { email });
    await markVerified(shop.database.db, invitee);
    const accepted = await shop.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: bearer(invitee),
      payload: { token: entry?.link.split('#token=')[1] },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ companyId });
  });
});
