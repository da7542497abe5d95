import { AUDIT_REFERENCES, type AuditAction, type AuditEntry, subjectOf } from '@shop/contract/audit';
import { formatDollars, formatPieces } from '../../lib/format';

/*
 * An audit entry in a person's words (docs/product.md, Activity): the action, what it is about,
 * and its before and after as labelled values, never an id or `[object Object]`.
 */

/** Each action in words. */
export const ACTION_WORDS: Record<AuditAction, string> = {
  'part.created': 'Part added',
  'part.edited': 'Part edited',
  'part.deleted': 'Part deleted',
  'part.incoming': 'Incoming stock set',
  'part.received': 'Stock received',
  'category.created': 'Category added',
  'category.edited': 'Category edited',
  'category.deleted': 'Category deleted',
  'order.deleted': 'Order deleted',
  'order.cancelled': 'Order cancelled',
  'order.paid': 'Order paid',
  'order.expired': 'Order expired (unpaid)',
  'order.refund_due': 'Payment to refund (order expired)',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.approved': 'Order approved by its company',
  'order.rejected': 'Order rejected by its company',
  'order.settled': 'Invoice payment recorded',
  'order.backorder_dropped': 'Waiting pieces dropped',
  'user.made_admin': 'Made admin',
  'user.google_linked': 'Google sign-in linked',
  'quote.requested': 'Quote requested',
  'quote.offered': 'Quote offered',
  'quote.accepted': 'Quote accepted',
  'quote.declined': 'Quote declined',
  'quote.expired': 'Quote offer expired',
  'company.created': 'Company created',
  'company.invited': 'Colleague invited',
  'company.invitation_withdrawn': 'Invitation withdrawn',
  'company.joined': 'Colleague joined',
  'company.member_changed': 'Member changed',
  'company.member_removed': 'Member removed',
  'company.payment_terms_changed': 'Payment terms changed',
  'company.contract_prices_set': 'Contract prices set',
  'company.punchout_set': 'Punchout identity set',
  'tool.created': 'Tool model added',
  'tool.edited': 'Tool model edited',
  'tool.deleted': 'Tool model deleted',
};

/** `some_key` or `someKey` in words: "Some key". */
const spelledOut = (key: string) => {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The action in words; one the web app does not know yet, spelled out ("order.cancelled": "Order cancelled"). */
export const actionWords = (action: string) =>
  ACTION_WORDS[action as AuditAction] ?? spelledOut(action.replace('.', ' '));

/** What the entry is about, by name; the server names everything it still knows. */
export function subjectWords(entry: Pick<AuditEntry, 'action' | 'subjectName'>): string {
  if (entry.subjectName) return entry.subjectName;
  return `A ${subjectOf(entry.action) ?? 'record'} no longer in the shop`;
}

const LABELS: Record<string, string> = {
  desc: 'Description',
  img: 'Picture',
  available_quantity: 'Available',
  min_order_quantity: 'Minimum order',
  number: 'Order',
  userName: 'Buyer',
  lines: 'Parts',
  price: 'Total',
  paymentId: 'Payment',
  paidAt: 'Paid',
  expiredAt: 'Expired',
  shippedAt: 'Shipped',
  deliveredAt: 'Delivered',
  dueDate: 'Due',
  uid: 'Member',
  orderId: 'Order',
  partsId: 'Part',
  companyId: 'Company',
  vatId: 'VAT ID',
  offerNo: 'Offer',
  spendingLimit: 'Monthly limit',
  password: 'Has a password',
};
const labelOf = (key: string) => LABELS[key] ?? spelledOut(key);

const MONEY = new Set(['price', 'price_per_piece', 'unitPrice', 'amount', 'spendingLimit']);
const PIECES = new Set(['quantity', 'available_quantity', 'min_order_quantity', 'min_quantity']);
/** Values that are words of the API's, in the words the pages use for them. */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  paymentTerms: { card: 'Card', net30: 'Net 30' },
  status: { unfulfilled: 'Not shipped', shipped: 'Shipped', delivered: 'Delivered' },
};
/** Ids nobody reads: what they stand for is beside them (an invitation's email) or the entry's own. */
const HIDDEN = new Set(['_id', 'invitationId']);
/** What an order recorded whole (deleted, expired) shows of itself. */
const ORDER_KEYS = ['number', 'userName', 'email', 'companyId', 'lines', 'price', 'poNumber'];
/** The most items a list in an entry shows. */
export const LIST_CAP = 5;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

let dates: Intl.DateTimeFormat | undefined;
const dateWords = (at: string) => {
  dates ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return dates.format(new Date(at));
};

/** A value as it is shown: words, a moment, or a list of words (at most LIST_CAP, and how many more). */
export type Shown = { text: string } | { at: string } | { items: string[]; more: number };
export interface Field {
  key: string;
  label: string;
  shown: Shown;
}

type Names = Readonly<Record<string, string>>;

/** A value inside a list item or a nested object: always words. */
function inWords(key: string, value: unknown, names: Names): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number')
    return MONEY.has(key) ? formatDollars(value) : PIECES.has(key) ? formatPieces(value) : String(value);
  if (typeof value === 'string') {
    if (Object.hasOwn(AUDIT_REFERENCES, key)) return names[value] ?? 'no longer in the shop';
    const words = VALUE_WORDS[key]?.[value];
    if (words) return words;
    return TIMESTAMP.test(value) ? dateWords(value) : value;
  }
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((item) => itemWords(item, names)).join('; ');
  return Object.entries(value)
    .filter(([inner]) => !HIDDEN.has(inner))
    .map(([inner, item]) => `${labelOf(inner).toLowerCase()} ${inWords(inner, item, names)}`)
    .join(', ');
}

/** One item of a list: an order's or a quote's line, a price break, or any other value in words. */
function itemWords(item: unknown, names: Names): string {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return inWords('', item, names);
  const line = item as Record<string, unknown>;
  if (typeof line.min_quantity === 'number' && typeof line.price_per_piece === 'number')
    return `from ${formatPieces(line.min_quantity)}: ${formatDollars(line.price_per_piece)} a piece`;
  if (typeof line.partsId === 'string' || typeof line.partsName === 'string') {
    const part =
      typeof line.partsName === 'string' ? line.partsName : inWords('partsId', line.partsId, names);
    const pieces = typeof line.quantity === 'number' ? `: ${formatPieces(line.quantity)}` : '';
    const at = typeof line.unitPrice === 'number' ? ` at ${formatDollars(line.unitPrice)} a piece` : '';
    return `${part}${pieces || (at ? ':' : '')}${at}`;
  }
  return inWords('', item, names);
}

function shownOf(key: string, value: unknown, names: Names): Shown {
  if (typeof value === 'string' && TIMESTAMP.test(value)) return { at: value };
  if (Array.isArray(value) && value.length > 0) {
    const items = value.slice(0, LIST_CAP).map((item) => itemWords(item, names));
    return { items, more: Math.max(value.length - LIST_CAP, 0) };
  }
  return { text: inWords(key, value, names) };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An entry's before (or after) as labelled values. Beside `other` (the after of a before), what
 * did not change is left out, but for what says whom it is about (a member, an email); an order
 * recorded whole shows its number, buyer, parts and total.
 */
export function fieldsOf(value: unknown, names: Names = {}, other?: unknown): Field[] {
  if (value === undefined) return [];
  if (!isRecord(value)) return [{ key: '', label: '', shown: shownOf('', value, names) }];
  let keys = Object.keys(value).filter((key) => !HIDDEN.has(key));
  if ('number' in value && Array.isArray(value.lines)) keys = ORDER_KEYS.filter((key) => key in value);
  if (isRecord(other))
    keys = keys.filter(
      (key) =>
        key === 'email' ||
        Object.hasOwn(AUDIT_REFERENCES, key) ||
        JSON.stringify(value[key]) !== JSON.stringify(other[key]),
    );
  return keys.map((key) => ({ key, label: labelOf(key), shown: shownOf(key, value[key], names) }));
}
