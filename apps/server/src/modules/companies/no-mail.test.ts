import { describe, expect } from 'vitest';
import { signUp, uniqueEmail } from '../../test-support/accounts.js';
import { markVerified } from '../../test-support/companies.js';
import { test } from '../../test-support/fixture.js';

/** A shop without SMTP_URL: an invitation's link goes to the log at info, where it works. */
let lines = '';
test.override('shopOptions', {
  demo: false,
  env: { LOG_LEVEL: 'info' },
  logStream: {
    write(line: string) {
      lines += line;
    },
  },
});

const logged = (msg: string) =>
  lines
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((line) => line.msg === msg);

describe('an invitation without SMTP_URL', () => {
  test('writes the link to the log at info; the invited person joins with it', async ({ shop, as }) => {
    const owner = await signUp(shop.app);
    await markVerified(shop.database.db, owner);
    const created = await as(owner).post('/api/companies', { name: 'Logbook Ltd' });
    const companyId = created.json().insertedId;
    const email = uniqueEmail('invitee');
    const invited = await as(owner).post(
      `/api/companies/${companyId}/invitations`,
      { email, role: 'buyer' },
      { host: 'shop.test:8080' },
    );
    expect(invited.statusCode).toBe(201);
    const [entry] = logged('company invitation link (no SMTP_URL: mail not sent)').filter(
      (line) => line.invitationId === invited.json().insertedId,
    );
    expect(entry?.level).toBe(30);
    expect(entry?.link).toMatch(/^http:\/\/localhost:3000\/invitations#token=[\w-]{43}$/);
    const invitee = await signUp(shop.app, { email });
    await markVerified(shop.database.db, invitee);
    const accepted = await as(invitee).post('/api/invitations/accept', {
      token: entry?.link.split('#token=')[1],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ companyId });
  });
});
