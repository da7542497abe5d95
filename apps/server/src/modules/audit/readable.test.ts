import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, AUDIT_REFERENCES, type AuditEntry } from '@shop/contract/audit';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { signUp, signUpVerified } from '../../test-support/accounts.js';
import { createdCompany, invitationToken, invite } from '../../test-support/companies.js';
import { test } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard } from '../../test-support/invoice-orders.js';
import { decideOrder, placedAgo, placedOrder, purchased } from '../../test-support/orders.js';
import { addedPart } from '../../test-support/parts.js';
import { askedQuote, offeredQuote, offerQuote, offerRunOut } from '../../test-support/quotes.js';
import { recordAudit } from './index.js';

/** The call's answer, when it has the status (a test's setting up goes no further otherwise). */
const ok = async (call: Promise<LightMyRequestResponse>, status = 200) => {
  const res = await call;
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id under AUDIT_REFERENCES' keys in a value, however deep. */
function referencedIds(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    Object.hasOwn(AUDIT_REFERENCES, key) && typeof item === 'string' ? [item] : referencedIds(item),
  );
}

describe('the audit log as a person reads it', () => {
  test('names who acted and what every kind of entry is about: never a bare id', async ({
    shop,
    as,
    admin,
    buyer,
  }) => {
    const db = shop.database.db;
    const shopAdmin = as(admin);
    // Parts, and the buyer's orders: deleted by the admin, paid, shipped, delivered, released unpaid.
    const part = await addedPart(shopAdmin, { name: 'Readable Probe', price: 5 });
    await ok(shopAdmin.put(`/api/partsById?id=${part}`, partBody({ price_per_piece: 6 })));
    const deleted = await purchased(as(buyer), part, 1);
    await ok(shopAdmin.delete(`/api/purchaseById/${deleted}`));
    const paid = await purchased(as(buyer), part, 2);
    await ok(confirmCard(shop.app, buyer, await clientSecretFor(shop.app, buyer, paid)));
    await ok(
      shopAdmin.put(`/api/purchaseById/${paid}/fulfilment`, {
        status: 'shipped',
        carrier: 'DHL',
        trackingNumber: 'JD0146',
      }),
    );
    await ok(shopAdmin.put(`/api/purchaseById/${paid}/fulfilment`, { status: 'delivered' }));
    const released = await purchased(as(buyer), part, 3);
    await placedAgo(db, released, 3 * 24 * 3_600_000);

    // A user made admin; a company made, its invitations, members, approvals and terms.
    const promoted = await signUp(shop.app, { name: 'Promoted Person' });
    await ok(shopAdmin.put(`/api/usersById?id=${promoted.uid}`));
    const boss = await signUpVerified(shop.app, db, { name: 'Company Boss' });
    const company = await createdCompany(as(boss), { name: 'Readable Rivets Ltd' });
    const withdrawn = await invite(as(boss), company, 'nobody@readable.example');
    await ok(as(boss).delete(`/api/companies/${company}/invitations/${withdrawn}`));
    const member = await signUpVerified(shop.app, db, { name: 'Member Mina' });
    const token = await invitationToken(shop, as(boss), company, member.email);
    await ok(as(member).post('/api/invitations/accept', { token }));
    await ok(as(boss).put(`/api/companies/${company}/members/${member.uid}`, { spendingLimit: 1 }));
    await ok(decideOrder(as(boss), await placedOrder(as(member), { partsId: part, quantity: 1 }), 'approve'));
    await ok(decideOrder(as(boss), await placedOrder(as(member), { partsId: part, quantity: 1 }), 'reject'));
    await ok(as(boss).delete(`/api/companies/${company}/members/${member.uid}`));
    await ok(shopAdmin.put(`/api/companies/${company}/payment-terms`, { paymentTerms: 'net30' }));
    await ok(shopAdmin.put(`/api/companies/${company}/prices`, { items: [] }));
    await ok(
      as(boss).put(`/api/companies/${company}/punchout`, {
        domain: 'NetworkID',
        identity: 'AN-READABLE',
        ociUsername: 'readable-oci',
        buyerEmail: boss.email,
      }),
    );
    const invoiced = await placedOrder(as(boss), { partsId: part, quantity: 1 });
    await ok(shopAdmin.put(`/api/purchaseById/${invoiced}/settlement`, { reference: 'BANK-7781' }));

    // Quotes: accepted, declined, run out.
    const accepted = await offeredQuote(
      { buyer: as(buyer), admin: shopAdmin },
      { partsId: part, quantity: 40, unitPrice: 4 },
    );
    await ok(
      as(buyer).post(`/api/quotes/${accepted}/accept`, { mobile: '+880 1712 345678', address: 'Dhaka' }),
      201,
    );
    const declined = await offeredQuote(
      { buyer: as(buyer), admin: shopAdmin },
      { partsId: part, quantity: 41, unitPrice: 4 },
    );
    await ok(as(buyer).post(`/api/quotes/${declined}/decline`));
    const runOut = await askedQuote(as(buyer), [{ partsId: part, quantity: 42 }]);
    await ok(offerQuote(shopAdmin, runOut, [{ partsId: part, unitPrice: 4 }]));
    await offerRunOut(db, runOut);
    await shop.app.backgroundWork.runAll();
    // What only a payment provider's late webhook or Google's sign-in writes, as they write it.
    await recordAudit(db, {
      actor: null,
      action: 'order.refund_due',
      subjectId: released,
      after: { paymentId: 'pi_late', amount: 15 },
    });
    await recordAudit(db, [
      { actor: null, action: 'part.incoming', subjectId: part, after: { incoming: [] } },
      { actor: null, action: 'part.received', subjectId: part, after: { quantity: 5 } },
      { actor: null, action: 'order.backorder_dropped', subjectId: paid, after: { backordered: 0 } },
    ]);
    await recordAudit(db, {
      actor: { id: buyer.uid, email: buyer.email },
      action: 'user.google_linked',
      subjectId: buyer.uid,
      after: { emailVerified: true },
    });
    // Before cancelled orders were kept, a Delete removed the order and wrote this entry.
    await recordAudit(db, {
      actor: { id: admin.uid, email: admin.email },
      action: 'order.deleted',
      subjectId: randomUUID(),
      before: { number: 'SO-000042', userName: 'Gone Buyer' },
    });
    // A tool model added, edited and taken out of the catalog.
    const toolBody = (name: string) => ({
      name,
      model: 'RS-1',
      img: 'https://example.com/t.webp',
      diagrams: [],
      parts: [{ partsId: part, position: '1', quantityPerTool: 1, wear: true }],
    });
    const tool = (await ok(shopAdmin.post('/api/tools', toolBody('Readable Station')), 201)).json()
      .insertedId;
    await ok(shopAdmin.put(`/api/tools/${tool}`, toolBody('Readable Station II')));
    await ok(shopAdmin.delete(`/api/tools/${tool}`));
    await ok(shopAdmin.delete(`/api/partsById?id=${part}`));
    const parent = (await ok(shopAdmin.post('/api/categories', { name: 'Readable tools' }), 201)).json()
      .insertedId;
    const category = (
      await ok(shopAdmin.post('/api/categories', { name: 'Readable tips', parentId: parent }), 201)
    ).json().insertedId;
    await ok(
      shopAdmin.put(`/api/categories/${category}`, {
        name: 'Readable tips',
        parentId: parent,
        attributes: [],
      }),
    );
    await ok(shopAdmin.delete(`/api/categories/${category}`));

    const res = await ok(shopAdmin.get('/api/audit?limit=100'));
    const entries = res.json() as AuditEntry[];
    expect(new Set(entries.map((entry) => entry.action))).toEqual(new Set(AUDIT_ACTIONS));
    for (const entry of entries) {
      const where = `${entry.action} of ${entry.subjectId}`;
      expect(entry.subjectName, where).toMatch(/\S/);
      expect(entry.subjectName, where).not.toMatch(UUID);
      expect(entry.actorName === undefined, where).toBe(entry.actor === 'shop');
      for (const id of [...referencedIds(entry.before), ...referencedIds(entry.after)])
        expect(entry.names?.[id], `${where} names ${id}`).toMatch(/\S/);
    }

    const one = (action: string) => {
      const found = entries.find((entry) => entry.action === action);
      if (!found) throw new Error(`no ${action} entry`);
      return found;
    };
    for (const entry of entries.filter((e) => e.action.startsWith('order.')))
      expect(entry.subjectName).toMatch(/^SO-\d{6}$/);
    // A deleted order is gone: the number it had is the one its entry recorded.
    expect(one('order.deleted').subjectName).toBe('SO-000042');
    // A cancelled one stays, and is named by its number as it is now.
    expect(one('order.cancelled').subjectName).toMatch(/^SO-\d{6}$/);
    expect(one('part.deleted')).toMatchObject({ subjectName: 'Readable Probe', actorName: 'Test Admin' });
    expect(one('order.paid')).toMatchObject({ actor: buyer.email, actorName: 'Test Buyer' });
    expect(one('order.expired')).toMatchObject({ actor: 'shop' });
    expect(one('order.expired')).not.toHaveProperty('actorName');
    expect(one('user.made_admin').subjectName).toBe(`Promoted Person (${promoted.email})`);
    for (const action of ['company.created', 'company.joined', 'company.payment_terms_changed'])
      expect(one(action).subjectName).toBe('Readable Rivets Ltd');
    expect(one('company.joined').names).toEqual({ [member.uid]: `Member Mina (${member.email})` });
    expect(one('quote.accepted').subjectName).toBe(`Quote of Test Buyer (${buyer.email})`);
    const { orderId } = one('quote.accepted').after as { orderId: string };
    expect(one('quote.accepted').names?.[orderId]).toMatch(/^SO-\d{6}$/);
    expect(one('quote.requested').names).toEqual({ [part]: 'Readable Probe' });
    // A tool model taken out of the catalog is still named as it is now.
    for (const action of ['tool.created', 'tool.edited', 'tool.deleted'])
      expect(one(action).subjectName).toBe('Readable Station II (RS-1)');
  });
});

function partBody(changes: object) {
  return {
    name: 'Readable Probe',
    desc: 'A part made for this test',
    img: 'https://example.com/p.webp',
    min_order_quantity: 1,
    available_quantity: 1000,
    price_per_piece: 5,
    ...changes,
  };
}
