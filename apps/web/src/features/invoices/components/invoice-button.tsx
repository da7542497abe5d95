import type { Order } from '@shop/contract/orders';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { showError } from '../../../lib/toasts';
import { hasInvoice } from '../invoice-rule';

/** A paper of an order the server makes as a PDF: what it is called and where it is. */
interface Paper {
  label: string;
  what: string;
  path: string;
  file: (order: Order) => string;
}

/** The papers every invoiced order has. */
const PAPERS = {
  invoice: {
    label: 'Invoice',
    what: 'invoice',
    path: 'invoice',
    file: (order: Order) => `invoice-${order.invoiceNumber}.pdf`,
  },
  'packing-slip': {
    label: 'Packing slip',
    what: 'packing slip',
    path: 'packing-slip',
    file: (order: Order) => `packing-slip-${order.number}.pdf`,
  },
} satisfies Record<string, Paper>;

/**
 * One paper's button: downloads it (the call needs the bearer token, so the file is fetched and
 * handed to the browser to save, not linked). `showBuyer`: the label names whose order it is.
 */
function PaperButton({ order, paper, showBuyer }: { order: Order; paper: Paper; showBuyer: boolean }) {
  const [busy, setBusy] = useState(false);
  const { label, what, path, file } = paper;
  const download = () => {
    setBusy(true);
    apiDownload(`/api/purchaseById/${encodeURIComponent(order._id)}/${path}`, file(order))
      .catch((error) => showError(error))
      .finally(() => setBusy(false));
  };
  const whose = showBuyer ? ` of ${order.userName}` : '';
  return (
    <button
      type="button"
      className="btn btn-outline btn-xs"
      aria-label={`Download the ${what} of order ${order.number}${whose} for ${order.partsName}`}
      disabled={busy}
      onClick={download}
    >
      {label}
    </button>
  );
}

/**
 * Invoice and Packing slip: an order's papers, shown once it has an invoice (`hasInvoice`: paid by
 * card, or invoiced on net-30 terms — the orders that may ship), and nothing before.
 */
export function InvoiceButton({ order, showBuyer = false }: { order: Order; showBuyer?: boolean }) {
  if (!hasInvoice(order)) return null;
  return (
    <>
      <PaperButton order={order} paper={PAPERS.invoice} showBuyer={showBuyer} />
      <PaperButton order={order} paper={PAPERS['packing-slip']} showBuyer={showBuyer} />
    </>
  );
}

/** One shipment's packing slip: its lines and pieces, its carrier and day. */
export function ShipmentSlipButton({
  order,
  shipmentId,
  label,
}: {
  order: Order;
  shipmentId: string;
  label: string;
}) {
  const paper = {
    label: 'Packing slip',
    what: `packing slip of ${label}`,
    path: `packing-slip?shipment=${encodeURIComponent(shipmentId)}`,
    file: () => `packing-slip-${order.number}-${shipmentId.slice(0, 8)}.pdf`,
  };
  return <PaperButton order={order} paper={paper} showBuyer={false} />;
}

/** A credit note of the order (waiting pieces dropped after it was invoiced on account), by its number. */
export function CreditNoteButton({ order, number }: { order: Order; number: string }) {
  const paper = {
    label: `Credit note ${number}`,
    what: `credit note ${number}`,
    path: `credit-notes/${encodeURIComponent(number)}`,
    file: () => `credit-note-${number}.pdf`,
  };
  return <PaperButton order={order} paper={paper} showBuyer={false} />;
}
