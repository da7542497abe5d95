import { MAX_ORDER_LINES } from '@shop/contract/order-limits';
import type { Quote, QuoteLine, QuoteStatus } from '@shop/contract/quotes';

/**
 * A line of a quote being asked for: a part, its pieces as typed and the buyer's reference (both
 * checked by the form's rules).
 */
export interface DraftLine {
  partsId: string;
  quantity: string;
  reference?: string;
}

/** A reference as the request's address carries it (percent-encoded: no `:` or `,` of its own), or none. */
function decodedReference(written: string | undefined): string | undefined {
  if (!written) return undefined;
  try {
    return decodeURIComponent(written);
  } catch {
    return undefined; // not written by quoteRequestPath: left out
  }
}

const PART_ID = /^[0-9A-Za-z-]{1,64}$/;

/**
 * The lines of `?lines=partsId:qty,partsId:qty:reference` (the product page and the order builder
 * link to a quote's request so; a reference percent-encoded). Entries that name no part are left
 * out, a part named twice keeps its first line, at most MAX_ORDER_LINES lines; a quantity is kept
 * as written (the form checks it), and a missing one is 1.
 */
export function parseLinesParam(param: string | null | undefined): DraftLine[] {
  const lines: DraftLine[] = [];
  const seen = new Set<string>();
  for (const entry of (param ?? '').split(',')) {
    const [id = '', quantity, written] = entry.split(':');
    const partsId = id.trim();
    if (!PART_ID.test(partsId) || seen.has(partsId)) continue;
    seen.add(partsId);
    const reference = decodedReference(written);
    lines.push({ partsId, quantity: quantity?.trim() || '1', ...(reference ? { reference } : {}) });
    if (lines.length === MAX_ORDER_LINES) break;
  }
  return lines;
}

/** The request page's address for `lines` (quantities as they are, in range or not; references kept). */
export function quoteRequestPath(
  lines: readonly { partsId: string; quantity: number | string; reference?: string | number | undefined }[],
): string {
  const param = lines
    .map(
      (line) =>
        `${line.partsId}:${String(line.quantity).trim()}${line.reference ? `:${encodeURIComponent(String(line.reference))}` : ''}`,
    )
    .join(',');
  return `/quotes/new?${new URLSearchParams({ lines: param })}`;
}

/** A quoted line's price: its pieces at the offered price (undefined until offered). */
export const linePrice = (line: QuoteLine): number | undefined =>
  line.unitPrice === undefined ? undefined : line.unitPrice * line.quantity;

/** The offer's total, whole dollars, once every line has its price. */
export function quoteTotal(lines: readonly QuoteLine[]): number | undefined {
  let total = 0;
  for (const line of lines) {
    const price = linePrice(line);
    if (price === undefined) return undefined;
    total += price;
  }
  return total;
}

/** An offer the buyer may still accept or decline: offered, and its validity not past at `now`. */
export function isOpenOffer(quote: Pick<Quote, 'status' | 'validUntil'>, now = Date.now()): boolean {
  if (quote.status !== 'offered' || !quote.validUntil) return false;
  const until = Date.parse(quote.validUntil);
  return Number.isFinite(until) && until > now;
}

/** The shop may make (or make again) an offer until the quote is accepted or declined. */
export const canOffer = (status: QuoteStatus) => status !== 'accepted' && status !== 'declined';

/**
 * "Valid until" a day (YYYY-MM-DD, as a date field gives it): the end of that day in the admin's
 * own time zone, as ISO 8601; undefined for no such day.
 */
export function endOfDayIso(day: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== date) return undefined;
  return end.toISOString();
}

/** A moment as the day a date field shows (the admin's time zone): an offer's validity edited again. */
export function dayOf(iso: string | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** How a status reads. */
export const STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};
