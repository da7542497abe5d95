import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';
import type { InvoiceContent } from './content.js';
import { invoiceFonts, textRuns } from './fonts.js';
import { renderInvoicePdf } from './pdf.js';

const content: InvoiceContent = {
  number: 'INV-000042',
  issuedAt: '2025-01-02T10:30:00.000Z',
  orderNumber: 'SO-000123',
  seller: { legalName: 'Chattogram Tool Works Ltd', address: 'Plot 12, Kalurghat\nChattogram 4208' },
  paidAt: '2025-01-02T10:30:00.000Z',
  buyer: {
    name: 'Karnaphuli Assemblies',
    email: 'buyer@karnaphuli.example',
    mobile: '+880 1819 000111',
    address: 'Dhaka',
  },
  lines: [{ part: 'Crimping Tool', quantity: 20, unitPrice: 9, price: 180 }],
  total: 180,
  paymentId: 'pi_test_0123',
};

describe('text runs', async () => {
  const faces = (await invoiceFonts()).regular;

  it('puts each script in a face that has it, and keeps marks with their letter', () => {
    expect(textRuns('Ab রহমান Ωμ Жк', faces)).toEqual([
      { face: 'regular', text: 'Ab ' },
      { face: 'bengali', text: 'রহমান' },
      { face: 'regular', text: ' Ωμ Жк' },
    ]);
    // Composed where a composed letter exists; a Bengali vowel sign on a Latin letter stays with it.
    expect(textRuns('Ze\u0301\u09bf', faces)).toEqual([{ face: 'regular', text: 'Zé\u09bf' }]);
  });

  it('leaves what no face has in the first face, and turns lone surrogates into U+FFFD', () => {
    expect(textRuns('中文', faces)).toEqual([{ face: 'regular', text: '中文' }]);
    expect(textRuns('a\ud800b', faces)).toEqual([{ face: 'regular', text: 'a\ufffdb' }]);
    expect(textRuns('', faces)).toEqual([]);
  });
});

describe('the invoice PDF', () => {
  it('shows whole dollars and pieces with thousands separators', async () => {
    const text = await pdfText(
      await renderInvoicePdf({
        ...content,
        lines: [{ part: 'Crimping Tool', quantity: 1_000_000, unitPrice: 1_234, price: 1_234_000_000 }],
        total: 1_234_000_000,
      }),
    );
    for (const value of ['1,000,000 pcs', '$1,234', '$1,234,000,000', 'INV-000042', 'Date: 2025-01-02']) {
      expect(text).toContain(value);
    }
  });

  it('breaks values without spaces that are wider than their column, and loses nothing', async () => {
    const email = `${'a'.repeat(60)}@${'b'.repeat(60)}.example`;
    const paymentId = `pi_${'0123456789abcdef'.repeat(5)}`;
    const text = await pdfText(
      await renderInvoicePdf({ ...content, buyer: { ...content.buyer, email }, paymentId }),
    );
    expect(squeezed(text)).toContain(email);
    expect(squeezed(text)).toContain(paymentId);
  });

  it('has a row per line, with its part, pieces, unit price and price, and the PO number', async () => {
    const text = await pdfText(
      await renderInvoicePdf({
        ...content,
        poNumber: 'PO-2025-0042',
        lines: [
          { part: 'Crimping Tool', quantity: 1_000, unitPrice: 7, price: 7_000 },
          { part: 'Heat Shrink Tubes', quantity: 200, unitPrice: 2, price: 400 },
          { part: 'Wire Stripper', quantity: 50, unitPrice: 11, price: 550 },
        ],
        total: 7_950,
      }),
    );
    expect(text).toContain('Your PO number: PO-2025-0042');
    expect(text).toContain('Order: SO-000123');
    const rows = ['Crimping Tool', 'Heat Shrink Tubes', 'Wire Stripper'].map((part) => text.indexOf(part));
    expect(rows.every((at) => at >= 0)).toBe(true);
    expect([...rows].sort((a, b) => a - b)).toEqual(rows);
    for (const value of ['1,000 pcs', '$7,000', '200 pcs', '$400', '50 pcs', '$11', '$550', '$7,950']) {
      expect(text).toContain(value);
    }
  });

  it('goes on over more pages for an order of 100 lines, every line on it once', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => ({
      part: `Part number ${String(i + 1).padStart(3, '0')} with a name long enough to wrap in its column`,
      quantity: i + 1,
      unitPrice: 3,
      price: 3 * (i + 1),
    }));
    const total = lines.reduce((sum, line) => sum + line.price, 0);
    const text = squeezed(await pdfText(await renderInvoicePdf({ ...content, lines, total })));
    for (const line of lines) expect(text.split(squeezed(line.part))).toHaveLength(2);
    expect(text).toContain(squeezed('invoice INV-000042 (continued)'));
    expect(text).toContain(squeezed(`Total$${total.toLocaleString('en-US')}`));
  });

  it('is made whatever the buyer, the seller and the part are called', async () => {
    const anyText = fc.string({ unit: 'binary', minLength: 1, maxLength: 300 });
    await fc.assert(
      fc.asyncProperty(anyText, anyText, anyText, async (name, address, part) => {
        const pdf = await renderInvoicePdf({
          ...content,
          seller: { legalName: name, address: `${address}\n${part}`, taxId: part },
          buyer: { ...content.buyer, name, address },
          poNumber: part,
          lines: [{ part, quantity: 1, unitPrice: 1, price: 1 }],
        });
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe("one invoice's text and the next's", () => {
  it('keep their own characters where two share a glyph (Latin E, Greek Epsilon)', async () => {
    await renderInvoicePdf({ ...content, buyer: { ...content.buyer, name: 'ΕΕΕ Εταιρεία' } });
    const text = await pdfText(
      await renderInvoicePdf({ ...content, buyer: { ...content.buyer, name: 'EEE Example' } }),
    );
    expect(text).toContain('EEE Example');
    expect(text).not.toContain('Ε');
  });
});

describe('the seller on the invoice', () => {
  const net30 = { ...content, paidAt: undefined, paymentId: undefined, dueDate: '2025-02-01T10:30:00.000Z' };

  it('leaves off what is not configured, and a net-30 invoice still says which number to quote', async () => {
    const text = await pdfText(await renderInvoicePdf(net30));
    for (const value of ['From', 'Chattogram Tool Works Ltd', 'Plot 12, Kalurghat', 'Chattogram 4208'])
      expect(text, value).toContain(value);
    for (const absent of ['Tax ID', 'Bank details', 'IBAN', 'Phone'])
      expect(text, absent).not.toContain(absent);
    expect(squeezed(text)).toContain(
      squeezed('Please pay by bank transfer, quoting the invoice number INV-000042.'),
    );
  });

  it('gives an account number where there is no IBAN, with its bank and SWIFT/BIC', async () => {
    const seller = {
      ...content.seller,
      bankName: 'Sonali Example Bank',
      accountNumber: '0123-4567-89',
      bic: 'BSONBDDH',
    };
    const text = await pdfText(await renderInvoicePdf({ ...net30, seller }));
    for (const value of [
      'Bank details',
      'Sonali Example Bank',
      'Account number: 0123-4567-89',
      'SWIFT/BIC: BSONBDDH',
    ])
      expect(text, value).toContain(value);
    expect(text).not.toContain('IBAN');
    expect(squeezed(text)).toContain(
      squeezed('to the account under Bank details, quoting the invoice number INV-000042.'),
    );
  });

  it('names no seller at all when none is configured, and still bills the buyer', async () => {
    const text = await pdfText(await renderInvoicePdf({ ...content, seller: {} }));
    expect(text).not.toContain('From');
    expect(text).toContain('Billed to');
    expect(text).toContain('Electronics Tools Manufacturers');
  });
});
