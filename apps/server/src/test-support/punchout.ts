import { expect } from 'vitest';
import { signUp, type TestAccount } from './accounts.js';
import { companyWithMembers } from './companies.js';
import { type As, derive, test as shopTest } from './fixture.js';
import {
  type Credentials,
  type ProcurementStandIn,
  startProcurementStandIn,
} from './procurement-stand-in.js';

/**
 * A company that buys through its procurement system: its admin, a buyer, a company on net-30
 * terms, and a procurement stand-in on this machine; the shop listens on a port of its own so the
 * stand-in speaks to it over HTTP.
 */
export interface PunchoutPeople {
  companyAdmin: TestAccount;
  buyer: TestAccount;
  rival: TestAccount;
  companyId: string;
  rivalCompanyId: string;
}

function makePunchoutTest() {
  return (
    shopTest
      .extend('people', { scope: 'file' }, async ({ shop }): Promise<PunchoutPeople> => {
        const [companyAdmin, buyer, rival] = await Promise.all(
          ['Procurement Admin', 'Line Technician', 'Rival Admin'].map((name) => signUp(shop.app, { name })),
        );
        if (!companyAdmin || !buyer || !rival) throw new Error('sign-up failed');
        const db = shop.database.db;
        const companyId = await companyWithMembers(
          db,
          [
            { uid: companyAdmin.uid, role: 'admin' },
            { uid: buyer.uid, role: 'buyer' },
          ],
          { name: 'Karnaphuli Assemblies Ltd', paymentTerms: 'net30' },
        );
        const rivalCompanyId = await companyWithMembers(db, [{ uid: rival.uid, role: 'admin' }], {
          name: 'Rival Works Ltd',
        });
        return { companyAdmin, buyer, rival, companyId, rivalCompanyId };
      })
      .extend('shopUrl', { scope: 'file' }, async ({ shop }) => {
        await shop.app.listen({ port: 0, host: '127.0.0.1' });
        const address = shop.app.server.address();
        if (!address || typeof address === 'string') throw new Error('the shop is not listening');
        return `http://127.0.0.1:${address.port}`;
      })
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from its first argument's pattern
      .extend('procurement', { scope: 'file' }, async ({}, { onCleanup }): Promise<ProcurementStandIn> => {
        const standIn = await startProcurementStandIn();
        onCleanup(() => standIn.close());
        return standIn;
      })
  );
}

export let punchoutTest = makePunchoutTest();
derive(() => {
  punchoutTest = makePunchoutTest();
});

/** Sets the company's identity as its admin would, and answers the credentials it gives procurement. */
export async function punchoutIdentity(
  as: As,
  people: PunchoutPeople,
  names: { domain?: string; identity?: string; ociUsername?: string } = {},
): Promise<Credentials & { ociUsername: string }> {
  const body = {
    domain: names.domain ?? 'NetworkID',
    identity: names.identity ?? `AN${Math.random().toString().slice(2, 12)}`,
    ociUsername: names.ociUsername ?? `oci-${Math.random().toString(36).slice(2, 10)}`,
    buyerEmail: people.companyAdmin.email,
    newSecret: true,
  };
  const res = await as(people.companyAdmin).put(`/api/companies/${people.companyId}/punchout`, body);
  expect(res.statusCode, res.body).toBe(200);
  return {
    domain: body.domain,
    identity: body.identity,
    ociUsername: body.ociUsername,
    secret: res.json().sharedSecret,
  };
}

/** The session token a StartPage or an OCI link opens (the shop redirects to its landing page with it). */
export function tokenOfRedirect(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): string {
  expect(res.statusCode, res.body).toBe(302);
  const match = /^\/punchout#token=(po_[A-Za-z0-9_-]{43})$/.exec(String(res.headers.location));
  if (!match?.[1]) throw new Error(`no session token in ${String(res.headers.location)}`);
  return match[1];
}
