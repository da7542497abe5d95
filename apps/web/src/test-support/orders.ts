import type { Order } from '@shop/contract/orders';

/** An order as the API answers it, for the web app's unit tests: one line, unpaid, unless `fields` say otherwise. */
export const anOrder = (fields: Partial<Order> = {}): Order => ({
  _id: '11111111-1111-4111-8111-111111111111',
  number: 'SO-000001',
  userName: 'Rafiq',
  email: 'rafiq@karnaphuli.example',
  partsId: '22222222-2222-4222-8222-222222222222',
  partsName: 'Hot Air Rework Station',
  price: 1200,
  quantity: 20,
  lines: [],
  mobile: '+8801712345678',
  address: 'Chattogram',
  createdAt: '2026-11-02T10:00:00.000Z',
  fulfilment: { status: 'unfulfilled', shipments: [] },
  shipComplete: false,
  ...fields,
});

/** An order line as the API answers it: every piece allocated, none waiting or shipped. */
export const aLine = (
  line: Pick<Order['lines'][number], 'partsId' | 'partsName' | 'quantity' | 'unitPrice' | 'price'>,
) => ({
  ...line,
  allocated: line.quantity,
  backordered: 0,
  shipped: 0,
  dropped: 0,
});
