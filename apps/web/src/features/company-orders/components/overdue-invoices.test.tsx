import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type OverdueInvoices, OverdueInvoicesPanel } from './overdue-invoices';

const render = (overdue: OverdueInvoices) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <OverdueInvoicesPanel overdue={overdue} />
    </MemoryRouter>,
  );

const invoice = {
  _id: '11111111-1111-4111-8111-111111111111',
  invoiceNumber: 'INV-000042',
  companyName: 'Karnaphuli Assemblies Ltd',
  userName: 'Rafiq Hasan',
  price: 12500,
  dueDate: '2026-11-20T10:00:00.000Z',
};

describe("the overview's overdue invoices", () => {
  it('shows nothing while none is overdue', () => {
    expect(render({ count: 0, value: 0, orders: [] })).toBe('');
  });

  it('counts them, sums them, and links each listed one to its order in Manage All Order', () => {
    const html = render({
      count: 3,
      value: 40000,
      orders: [invoice, { ...invoice, _id: 'b', companyName: undefined }],
    });
    expect(html).toContain('<strong>3</strong> net-30 invoices past due, <strong>$40,000</strong> in all.');
    expect(html).toContain(`href="/dashboard/manage-all-order?order=${invoice._id}"`);
    expect(html).toContain('Karnaphuli Assemblies Ltd (Rafiq Hasan):');
    expect(html).toContain('$12,500, due 20 Nov 2026');
    expect(html).toContain('and 1 more');
  });

  it('says one invoice in the singular', () => {
    expect(render({ count: 1, value: 12500, orders: [invoice] })).toContain('net-30 invoice past due');
  });
});
