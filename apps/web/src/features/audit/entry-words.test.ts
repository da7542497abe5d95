import { AUDIT_ACTIONS } from '@shop/contract/audit';
import { describe, expect, it } from 'vitest';
import { aLine, anOrder } from '../../test-support/orders';
import { actionWords, type Field, fieldsOf, subjectWords } from './entry-words';

const PART = '0190aaaa-0000-7000-8000-000000000001';
const MEMBER = '0190aaaa-0000-7000-8000-000000000002';
const ORDER = '0190aaaa-0000-7000-8000-000000000003';
const COMPANY = '0190aaaa-0000-7000-8000-000000000004';
const names = {
  [PART]: 'Crimping Tool',
  [MEMBER]: 'Member Mina (mina@karnaphuli.example)',
  [ORDER]: 'SO-000042',
  [COMPANY]: 'Karnaphuli Assemblies Ltd',
};

/** The fields as a reader sees them, one "label: value" each, a list's items after its label. */
const read = (fields: Field[]) =>
  fields.map(({ label, shown }) =>
    'items' in shown
      ? `${label}: ${shown.items.join(' | ')}${shown.more ? ` | and ${shown.more} more` : ''}`
      : 'at' in shown
        ? `${label}: <${shown.at}>`
        : `${label}: ${shown.text}`,
  );

const UNREADABLE = /\[object|[0-9a-f]{8}-[0-9a-f]{4}-/i;

describe('an audit entry in words', () => {
  it('says every action the shop writes in words, and one it does not know yet spelled out', () => {
    for (const action of AUDIT_ACTIONS) expect(actionWords(action)).not.toContain('.');
    expect(actionWords('order.cancelled')).toBe('Order cancelled');
  });

  it('names its subject, or says it is gone', () => {
    expect(subjectWords({ action: 'order.shipped', subjectName: 'SO-000042' })).toBe('SO-000042');
    expect(subjectWords({ action: 'user.made_admin' })).toBe('A user no longer in the shop');
  });

  it('an edited part: only what changed, price breaks in words', () => {
    const before = {
      name: 'Crimping Tool',
      price_per_piece: 4,
      available_quantity: 1200,
      price_breaks: [{ min_quantity: 100, price_per_piece: 3 }],
    };
    const after = { ...before, price_per_piece: 6, price_breaks: [] };
    expect(read(fieldsOf(before, {}, after))).toEqual([
      'Price per piece: $4',
      'Price breaks: from 100 pcs: $3 a piece',
    ]);
    expect(read(fieldsOf(after, {}, before))).toEqual(['Price per piece: $6', 'Price breaks: none']);
  });

  it('an order recorded whole: its number, buyer, company, parts and total', () => {
    const lines = Array.from({ length: 7 }, (_, i) =>
      aLine({ partsId: PART, partsName: `Part ${i + 1}`, quantity: 2, unitPrice: 5, price: 10 }),
    );
    const order = anOrder({ number: 'SO-000042', companyId: COMPANY, lines, price: 70 });
    const shown = read(fieldsOf(order, names));
    expect(shown).toEqual([
      'Order: SO-000042',
      'Buyer: Rafiq',
      'Email: rafiq@karnaphuli.example',
      'Company: Karnaphuli Assemblies Ltd',
      'Parts: Part 1: 2 pcs at $5 a piece | Part 2: 2 pcs at $5 a piece | Part 3: 2 pcs at $5 a piece | Part 4: 2 pcs at $5 a piece | Part 5: 2 pcs at $5 a piece | and 2 more',
      'Total: $70',
    ]);
  });

  it('ids by their names: a quote’s parts, a member, an accepted quote’s order', () => {
    expect(read(fieldsOf({ lines: [{ partsId: PART, quantity: 40 }] }, names))).toEqual([
      'Parts: Crimping Tool: 40 pcs',
    ]);
    expect(read(fieldsOf({ lines: [{ partsId: PART, unitPrice: 4 }] }, names))).toEqual([
      'Parts: Crimping Tool: at $4 a piece',
    ]);
    const before = { uid: MEMBER, role: 'buyer', spendingLimit: null };
    const after = { uid: MEMBER, role: 'buyer', spendingLimit: 500 };
    expect(read(fieldsOf(before, names, after))).toEqual([
      'Member: Member Mina (mina@karnaphuli.example)',
      'Monthly limit: none',
    ]);
    expect(read(fieldsOf(after, names, before))).toEqual([
      'Member: Member Mina (mina@karnaphuli.example)',
      'Monthly limit: $500',
    ]);
    expect(read(fieldsOf({ orderId: ORDER, offerNo: 2 }, names))).toEqual(['Order: SO-000042', 'Offer: 2']);
    expect(read(fieldsOf({ orderId: 'gone' }, {}))).toEqual(['Order: no longer in the shop']);
  });

  it('nothing reads as [object Object] or a bare id, whatever the shape', () => {
    const values = [
      { invitationId: MEMBER, email: 'new@karnaphuli.example', role: 'buyer', spendingLimit: 50 },
      { paymentTerms: 'net30' },
      { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0146', shippedAt: '2026-11-21T10:00:00.000Z' },
      { emailVerified: true, password: false, sessionsEnded: true },
      { nested: { deeper: { uid: MEMBER } }, list: [[1, 2], { a: 1 }] },
      'plain text',
      12,
      null,
    ];
    for (const value of values)
      for (const line of read(fieldsOf(value, names))) expect(line).not.toMatch(UNREADABLE);
    expect(read(fieldsOf({ paymentTerms: 'net30' }))).toEqual(['Payment terms: Net 30']);
    expect(read(fieldsOf({ status: 'unfulfilled' }, {}, { status: 'shipped' }))).toEqual([
      'Status: Not shipped',
    ]);
  });
});
