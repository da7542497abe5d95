import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { aLine, anOrder } from '../../../test-support/orders';
import { PackingList, ShipTo } from './ship-to';

/** The text a reader sees, one block per line. */
const text = (html: string) =>
  html
    .replace(/<\/span>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('where an order goes', () => {
  it('reads as a parcel label: name, email, company, the address as written, mobile', () => {
    const order = anOrder({
      companyName: 'Karnaphuli Assemblies Ltd',
      address: 'Plot 9, Tejgaon I/A\nDhaka 1208',
    });
    const html = renderToStaticMarkup(<ShipTo order={order} email />);
    expect(html).toContain('<address');
    expect(html).toContain('whitespace-pre-line');
    expect(text(html)).toEqual([
      'Rafiq',
      'rafiq@karnaphuli.example',
      'Karnaphuli Assemblies Ltd',
      'Plot 9, Tejgaon I/A',
      'Dhaka 1208',
      'Mobile +8801712345678',
    ]);
  });

  it('of a buyer in no company, leaves the company out; the email only where asked', () => {
    expect(text(renderToStaticMarkup(<ShipTo order={anOrder()} />))).toEqual([
      'Rafiq',
      'Chattogram',
      'Mobile +8801712345678',
    ]);
  });

  it('lists every line: its part and its pieces', () => {
    const lines = [
      aLine({ partsId: 'a', partsName: 'Crimping Tool', quantity: 1200, unitPrice: 9, price: 10_800 }),
      aLine({ partsId: 'b', partsName: 'Heat Gun', quantity: 4, unitPrice: 60, price: 240 }),
    ];
    expect(text(renderToStaticMarkup(<PackingList lines={lines} />))).toEqual([
      'Crimping Tool',
      '1,200 pcs',
      'Heat Gun',
      '4 pcs',
    ]);
  });
});
