import type { Order } from '@shop/contract/orders';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { showError } from '../../../lib/toasts';

/**
 * Downloads a paid order's invoice (a PDF the server makes). The call needs the bearer token,
 * so it is fetched and handed to the browser to save, not linked.
 */
export function InvoiceButton({ order, showBuyer = false }: { order: Order; showBuyer?: boolean }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    apiDownload(
      `/api/purchaseById/${encodeURIComponent(order._id)}/invoice`,
      `invoice-${order.invoiceNumber ?? order._id}.pdf`,
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
