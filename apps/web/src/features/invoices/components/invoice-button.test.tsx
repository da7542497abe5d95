import type { Order } from '@shop/contract/orders';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../test-support/orders';
import { InvoiceButton } from './invoice-button';

describe('the Invoice button', () => {
  it('is there as soon as the order has an invoice number: paid by card, or net 30 and unpaid', () => {
    for (const invoiced of [
      anOrder({ paymentId: 'pi_test_1', invoiceNumber: 'INV-000001' }),
      anOrder({ invoiceNumber: 'INV-000002', dueDate: '2026-12-02T10:00:00.000Z', approval: 'approved' }),
    ]) {
      const html = renderToStaticMarkup(<InvoiceButton order={invoiced} />);
      expect(html).toContain('>Invoice</button>');
      expect(html).toContain('>Packing slip</button>');
      expect(html).toContain(
        `aria-label="Download the invoice of order ${invoiced.number} for Hot Air Rework Station"`,
      );
      expect(html).toContain(
        `aria-label="Download the packing slip of order ${invoiced.number} for Hot Air Rework Station"`,
      );
    }
  });

  it('names whose order it is where the list shows several buyers', () => {
    const html = renderToStaticMarkup(
      <InvoiceButton order={anOrder({ invoiceNumber: 'INV-000003' })} showBuyer />,
    );
    expect(html).toMatch(/Download the invoice of order SO-\d+ of Rafiq for Hot Air Rework Station/);
  });

  it('is not there before: unpaid, waiting for approval, rejected or expired', () => {
    for (const fields of [
      {},
      { approval: 'pending' },
      { approval: 'rejected' },
      { expiredAt: '2026-11-03T10:00:00.000Z' },
    ] satisfies Partial<Order>[])
      expect(renderToStaticMarkup(<InvoiceButton order={anOrder(fields)} />)).toBe('');
  });
});
