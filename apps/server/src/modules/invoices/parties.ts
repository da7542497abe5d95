import type { Seller } from '../../seller-config.js';
import { day, type InvoiceContent, minute } from './content.js';
import { type Doc, heading, writeLines } from './drawing.js';
import type { Face } from './fonts.js';

/** An IBAN as it is printed, in groups of four: GB33 BUKB 2020 1555 5555 55. */
export const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** Who is owed: the seller's legal name, address, tax ID and contact, as far as they are set. */
export function sellerLines(seller: Seller): string[] {
  return [
    ...(seller.legalName ? [seller.legalName] : []),
    ...(seller.address ? seller.address.split('\n') : []),
    ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : []),
    ...(seller.email ? [seller.email] : []),
    ...(seller.phone ? [`Phone: ${seller.phone}`] : []),
  ];
}

/** The account the seller is paid into; none when no account is configured. */
export function bankLines(seller: Seller): string[] {
  if (!seller.iban && !seller.accountNumber) return [];
  return [
    ...(seller.bankName ? [seller.bankName] : []),
    ...(seller.iban ? [`IBAN: ${groupedIban(seller.iban)}`] : []),
    ...(seller.accountNumber ? [`Account number: ${seller.accountNumber}`] : []),
    ...(seller.bic ? [`SWIFT/BIC: ${seller.bic}`] : []),
  ];
}

/** Who is billed: the company and its VAT ID, the buyer, and the billing address. */
export function billedToLines(invoice: InvoiceContent): string[] {
  const { company, buyer } = invoice;
  return [
    ...(company ? [company.name, ...(company.vatId ? [`VAT id: ${company.vatId}`] : [])] : []),
    buyer.name,
    buyer.email,
    buyer.mobile,
    'Billing address:',
    buyer.address,
  ];
}

/** How the invoice is paid: by card, or on account (net 30) by bank transfer quoting its number. */
export function paymentLines(invoice: InvoiceContent): string[] {
  if (!invoice.dueDate)
    return [
      `Paid by card on ${minute(invoice.paidAt ?? invoice.issuedAt)}`,
      // The id on a line of its own: a provider's ids are long and have no space to wrap at.
      'Payment id:',
      invoice.paymentId ?? '',
    ];
  const where = bankLines(invoice.seller).length > 0 ? ' to the account under Bank details' : '';
  return [
    'On account (net 30)',
    `Due date: ${day(invoice.dueDate)}`,
    ...(invoice.paidAt
      ? [
          `Paid by bank transfer on ${minute(invoice.paidAt)}`,
          'Bank reference:',
          invoice.settlementReference ?? '',
        ]
      : [`Please pay by bank transfer${where}, quoting the invoice number ${invoice.number}.`]),
  ];
}

/**
 * Two rows of two columns from `y`: the seller (From) beside the buyer (Billed to), then the
 * payment beside the seller's bank details. Answers where the page goes on.
 */
export function drawParties(
  doc: Doc,
  regular: Face[],
  invoice: InvoiceContent,
  at: { x: number; y: number; width: number },
): number {
  const half = at.width / 2;
  const left = { x: at.x, width: half - 10 };
  const right = { x: at.x + half, width: half };
  const row = (top: number, blocks: [string, string[], typeof left][]) => {
    let bottom = top;
    for (const [title, lines, column] of blocks) {
      if (lines.length === 0) continue;
      heading(doc, title, column.x, top, { width: column.width });
      bottom = Math.max(bottom, writeLines(doc, regular, lines, { ...column, y: doc.y + 4 }));
    }
    return bottom === top ? top : bottom + 14;
  };
  doc.fillColor('black').fontSize(10);
  const y = row(at.y, [
    ['From', sellerLines(invoice.seller), left],
    ['Billed to', billedToLines(invoice), right],
  ]);
  return row(y, [
    ['Payment', paymentLines(invoice), left],
    ['Bank details', bankLines(invoice.seller), right],
  ]);
}
