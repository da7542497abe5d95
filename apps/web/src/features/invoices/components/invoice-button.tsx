import type { Order } from '@shop/contract/orders';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { showError } from '../../../lib/toasts';
import { hasInvoice } from '../invoice-rule';

/**
 * Invoice: downloads the order's invoice (a PDF the server makes), shown once the order has one
 * (`hasInvoice`), and nothing before. The call needs the bearer token, so the file is fetched
 * and handed to the browser to save, not linked. `showBuyer`: the label names whose order it is.
 */
export function InvoiceButton({ order, showBuyer = false }: { order: Order; showBuyer?: boolean }) {
  const [busy, setBusy] = useState(false);
  if (!hasInvoice(order)) return null;
  const download = () => {
    setBusy(true);
    apiDownload(
      `/api/purchaseById/${encodeURIComponent(order._id)}/invoice`,
      `invoice-${order.invoiceNumber}.pdf`,
    )
      .catch((error) => showError(error))
      .finally(() => setBusy(false));
  };
  const whose = showBuyer ? ` of ${order.userName}` : '';
  return (
    <button
      type="button"
      className="btn btn-outline btn-xs"
      aria-label={`Download the invoice of the order${whose} for ${order.partsName}`}
      disabled={busy}
      onClick={download}
    >
      Invoice
    </button>
  );
}
