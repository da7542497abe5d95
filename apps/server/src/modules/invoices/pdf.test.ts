import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';
import { invoiceFonts, textRuns } from './fonts.js';
import { type InvoiceContent, renderInvoicePdf } from './pdf.js';

const content: InvoiceContent = {
  number: 'INV-000042',
  issuedAt: '2025-01-02T10:30:00.000Z',
  paidAt: '2025-01-02T10:30:00.000Z',
  buyer: {
    name: 'Karnaphuli Assemblies',
    email: 'buyer@karnaphuli.example',
    mobile: '+880 1819 000111',
    address: 'Dhaka',
  },
  part: 'Crimping Tool',
  quantity: 20,
  unitPrice: 9,
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
      await renderInvoicePdf({ ...content, quantity: 1_000_000, unitPrice: 1_234, total: 1_234_000_000 }),
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

  it('is made whatever the buyer and the part are called', async () => {
    const anyText = fc.string({ unit: 'binary', minLength: 1, maxLength: 300 });
    await fc.assert(
      fc.asyncProperty(anyText, anyText, anyText, async (name, address, part) => {
        const pdf = await renderInvoicePdf({ ...content, buyer: { ...content.buyer, name, address }, part });
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
