import { describe, expect, it } from 'vitest';
import { orderRow } from '../../test-support/orders.js';
import type { OrderLineRow } from '../orders/index.js';
import { orderPlacedMail, paymentReceiptMail } from './messages.js';

/** The order mails tell of every line (docs/api.md): one part as before, several as a numbered list. */
const order = orderRow({
  id: '01a2b3c4-0000-7000-8000-0000000000aa',
  user_id: '01a2b3c4-0000-7000-8000-0000000000bb',
  number: 7,
  user_name: 'Karnaphuli Assemblies',
  email: 'buyer@karnaphuli.example',
  part_id: '01a2b3c4-0000-7000-8000-000000000001',
  part_name: 'Crimping Tool',
  unit_price: 9,
  quantity: 1000,
  price: 9000,
  mobile: '+880 1819 000111',
  address: 'Plot 7, CEPZ, Chattogram',
  payment_id: 'pi_test_0123',
  created_at: '2025-01-02T10:30:00.000Z',
  paid_at: '2025-01-02T10:31:00.000Z',
});
const line = (n: number, part_name: string, quantity: number, unit_price: number): OrderLineRow => ({
  order_id: order.id,
  line_no: n,
  part_id: `01a2b3c4-0000-7000-8000-00000000000${n + 1}`,
  part_name,
  quantity,
  unit_price,
  reference: null,
  price: quantity * unit_price,
  customer_part_number: null,
  allocated: quantity,
  backordered: 0,
  shipped: 0,
  dropped: 0,
});
const oneLine = { ...order, lines: [line(0, 'Crimping Tool', 1000, 9)] };
const threeLines = {
  ...order,
  po_number: 'PO-2025-0042',
  price: 9000 + 200 * 2 + 50 * 11,
  lines: [
    line(0, 'Crimping Tool', 1000, 9),
    line(1, 'Heat Shrink Tubes', 200, 2),
    line(2, 'Wire Stripper', 50, 11),
  ],
};

describe('the order placed mail', () => {
  it('names the part and its pieces for one line, as it always did', () => {
    const mail = orderPlacedMail(oneLine);
    expect(mail.subject).toBe('Order received: SO-000007, 1,000 pcs of Crimping Tool');
    for (const text of [
      'Part:       Crimping Tool',
      'Quantity:   1,000 pcs',
      'Unit price: $9',
      'Total:      $9,000',
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.text).not.toContain('PO number');
  });

  it('counts parts and pieces for several lines, and lists every line with the PO number', () => {
    const mail = orderPlacedMail(threeLines);
    expect(mail.subject).toBe('Order received: SO-000007, 3 parts, 1,250 pcs');
    expect(mail.text).toContain(
      [
        'Order:      SO-000007',
        'PO number:  PO-2025-0042',
        'Parts:',
        '  1. Crimping Tool: 1,000 pcs × $9 = $9,000',
        '  2. Heat Shrink Tubes: 200 pcs × $2 = $400',
        '  3. Wire Stripper: 50 pcs × $11 = $550',
        'Total:      $9,950',
      ].join('\n'),
    );
  });
});

describe("the order placed mail's line references", () => {
  it("shows each line's customer part number and reference under its part, as the invoice does", () => {
    const [first, second, third] = threeLines.lines as [OrderLineRow, OrderLineRow, OrderLineRow];
    const mail = orderPlacedMail({
      ...threeLines,
      lines: [
        { ...first, customer_part_number: 'KA-TIP-0042', reference: 'R1, R2' },
        second,
        { ...third, reference: 'Cost centre 7' },
      ],
    });
    expect(mail.text).toContain(
      [
        '  1. Crimping Tool: 1,000 pcs × $9 = $9,000',
        '     Your part number: KA-TIP-0042',
        '     Ref: R1, R2',
        '  2. Heat Shrink Tubes: 200 pcs × $2 = $400',
        '  3. Wire Stripper: 50 pcs × $11 = $550',
        '     Ref: Cost centre 7',
        'Total:      $9,950',
      ].join('\n'),
    );
  });

  it('shows them under the part of a one-line order', () => {
    const [only] = oneLine.lines as [OrderLineRow];
    const mail = orderPlacedMail({ ...oneLine, lines: [{ ...only, customer_part_number: 'KA-CT-1' }] });
    expect(mail.text).toContain(
      ['Part:       Crimping Tool', '            Your part number: KA-CT-1', 'Quantity:   1,000 pcs'].join(
        '\n',
      ),
    );
    expect(mail.text).not.toContain('Ref:');
  });
});

describe('the payment receipt', () => {
  const invoice = { number: 'INV-000042', filename: 'invoice-INV-000042.pdf', pdf: Buffer.from('%PDF-') };

  it('names the part of a one-line order, and counts the parts of a longer one', () => {
    expect(paymentReceiptMail(oneLine, invoice).subject).toBe(
      'Payment received for SO-000007, invoice INV-000042: Crimping Tool',
    );
    expect(paymentReceiptMail(threeLines, invoice).subject).toBe(
      'Payment received for SO-000007, invoice INV-000042: 3 parts, 1,250 pcs',
    );
    expect(paymentReceiptMail(threeLines, undefined).subject).toBe(
      'Payment received for SO-000007: 3 parts, 1,250 pcs',
    );
  });

  it('lists every line, the PO number and the total paid', () => {
    const mail = paymentReceiptMail(threeLines, invoice);
    for (const text of [
      'we have received your payment of $9,950.',
      'PO number:  PO-2025-0042',
      '  3. Wire Stripper: 50 pcs × $11 = $550',
      'Payment:    pi_test_0123',
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.attachments?.[0]?.filename).toBe('invoice-INV-000042.pdf');
  });
});
