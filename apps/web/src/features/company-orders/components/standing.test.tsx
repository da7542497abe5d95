import type { Company } from '@shop/contract/companies';
import type { Order } from '@shop/contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../test-support/orders';
import { companyQuery } from '../api/company-orders';
import { AdminOrderStanding } from './record-payment';
import { BuyerOrderStanding, standsWithCompany } from './standing';

const COMPANY = '33333333-3333-4333-8333-333333333333';

// The email as its buyer typed it: the member is found whatever its case.
const order = (fields: Partial<Order> = {}): Order =>
  anOrder({ email: 'Rafiq@karnaphuli.example', companyId: COMPANY, ...fields });

const company: Company = {
  _id: COMPANY,
  name: 'Karnaphuli Assemblies Ltd',
  paymentTerms: 'card',
  members: [
    { uid: 'a', name: 'Nasrin', email: 'nasrin@karnaphuli.example', role: 'admin' },
    { uid: 'b', name: 'Rafiq', email: 'rafiq@karnaphuli.example', role: 'buyer', spendingLimit: 1000 },
  ],
};

function render(element: ReactNode, known?: Company) {
  const client = new QueryClient();
  if (known) client.setQueryData(companyQuery(COMPANY).queryKey, known);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

describe("My Order's cell for a company's order", () => {
  it('a waiting order says so and why, with the buyer’s limit from their company', () => {
    const html = render(<BuyerOrderStanding order={order({ approval: 'pending' })} />, company);
    expect(html).toContain('Waiting for approval');
    expect(html).toContain('past your monthly limit of $1,000.');
    expect(html).not.toContain('Pay');
  });

  it('without the company at hand, it says why without the figure', () => {
    const html = render(<BuyerOrderStanding order={order({ approval: 'pending' })} />);
    expect(html).toContain('past your monthly spending limit.');
  });

  it('a rejected order says rejected; a net-30 order its invoice and due date', () => {
    expect(render(<BuyerOrderStanding order={order({ approval: 'rejected' })} />)).toContain(
      'Your company rejected this order',
    );
    const invoiced = render(
      <BuyerOrderStanding order={order({ invoiceNumber: 'INV-000042', dueDate: '2099-01-31' })} />,
    );
    expect(invoiced).toContain('Invoiced INV-000042 — due 31 Jan 2099 (30-day terms)');
    expect(invoiced).toContain('>Invoiced<');
    expect(invoiced).not.toContain('Overdue');
    expect(
      render(<BuyerOrderStanding order={order({ invoiceNumber: 'INV-1', dueDate: '2020-01-31' })} />),
    ).toContain('>Overdue<');
  });

  it('only those stand with the company: an approved unpaid order is paid by card as any', () => {
    expect(standsWithCompany(order({ approval: 'pending' }))).toBe(true);
    expect(standsWithCompany(order({ dueDate: '2099-01-31' }))).toBe(true);
    expect(standsWithCompany(order({ approval: 'approved' }))).toBe(false);
    expect(standsWithCompany(order({ dueDate: '2099-01-31', paymentId: 'bank' }))).toBe(false);
  });
});

describe("Manage All Order's cell", () => {
  it('offers Record payment for an unpaid net-30 invoice only', () => {
    const invoiced = render(
      <AdminOrderStanding order={order({ invoiceNumber: 'INV-000042', dueDate: '2099-01-31' })} />,
    );
    expect(invoiced).toContain('Record payment');
    expect(invoiced).toMatch(/INV-000042, due <span[^>]*>31 Jan 2099<\/span> \(net 30\)/);
    const waiting = render(<AdminOrderStanding order={order({ approval: 'pending' })} />);
    expect(waiting).toContain('Waiting for approval');
    expect(waiting).not.toContain('Record payment');
  });
});
