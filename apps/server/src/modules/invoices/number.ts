/** How an invoice number is written: INV- and six digits (more once the shop passes 999,999). */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}
