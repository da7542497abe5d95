import type { ColumnType, Insertable, Selectable } from 'kysely';

/**
 * Table types. Timestamps are ISO 8601 UTC strings in both dialects (they sort as text),
 * flags are nullable timestamps, money is whole dollars in integer columns.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string; // lower-cased and trimmed
  password_hash: string | null;
  role: 'admin' | null;
  mobile: string | null;
  created_at: string;
  email_verified_at: string | null;
  google_sub: string | null;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface PartsTable {
  id: string;
  name: string;
  name_search: string; // name lower-cased, for the literal substring search
  /** The name's sort key (text-search.ts nameSortKey): "Relay 9" before "Relay 10". */
  name_sort: ColumnType<string, string | undefined, string>;
  desc: string;
  img: string;
  price_per_piece: number;
  available_quantity: number;
  min_order_quantity: number;
  created_at: string;
  deleted_at: string | null;
  /** The part's price breaks as JSON, by rising min_quantity ('[]': none). */
  price_breaks: ColumnType<string, string | undefined, string>;
  /** Migration 0031: where the part sits, its numbers, lifecycle and specification. */
  category_id: ColumnType<string | null, string | null | undefined, string | null>;
  mpn: ColumnType<string | null, string | null | undefined, string | null>;
  /** The mpn as numbers are compared (text-search.ts partNumberKey). */
  mpn_key: ColumnType<string | null, string | null | undefined, string | null>;
  manufacturer: ColumnType<string | null, string | null | undefined, string | null>;
  lifecycle: ColumnType<
    'active' | 'nrnd' | 'obsolete',
    'active' | 'nrnd' | 'obsolete' | undefined,
    'active' | 'nrnd' | 'obsolete'
  >;
  replacement_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** {key: value} JSON, numbers in their base unit. */
  attributes: ColumnType<string, string | undefined, string>;
  /** [{title, url}] JSON. */
  documents: ColumnType<string, string | undefined, string>;
  /** Migration 0034: an order line's quantity is a multiple of it (1: any number of pieces). */
  order_multiple: ColumnType<number, number | undefined, number>;
  /** Migration 0036: 1 when an order may take more than is in stock (the rest waits), else 0. */
  backorderable: ColumnType<number, number | undefined, number>;
  /** Days from an order to pieces nobody expects yet; null: unknown. */
  lead_time_days: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Migration 0036: pieces on their way to the shop, numbered from 0 by expected day. */
export interface PartIncomingTable {
  part_id: string;
  batch_no: number;
  quantity: number;
  /** YYYY-MM-DD */
  expected_at: string;
}

/** Migration 0036: a parcel of an order (its lines in shipment_lines). */
export interface ShipmentsTable {
  id: string;
  order_id: string;
  carrier: string;
  tracking_number: string;
  status: 'shipped' | 'delivered';
  shipped_at: string;
  delivered_at: string | null;
}

export interface ShipmentLinesTable {
  shipment_id: string;
  part_id: string;
  quantity: number;
}

/**
 * Migration 0036: money owed back for waiting pieces dropped from a paid order (a card refund
 * due, settled when the shop's admin has refunded it) or an invoiced one (a numbered credit note).
 */
export interface OrderAdjustmentsTable {
  id: string;
  order_id: string;
  kind: 'refund_due' | 'credit_note';
  amount: number;
  part_id: string;
  quantity: number;
  number: number | null;
  created_at: string;
  settled_at: string | null;
}

/** A category of the catalog (a tree by parent_id) and the attributes its parts carry. */
export interface CategoriesTable {
  id: string;
  name: string;
  parent_id: string | null;
  /** [{key, name, type, unit?}] JSON. */
  attributes: string;
  /** Its UNSPSC code (8 digits), or none. */
  unspsc: string | null;
  created_at: string;
}

/** One attribute of a part in the catalog, for the filters and facets (written with the part). */
export interface PartValuesTable {
  part_id: string;
  category_id: string;
  key: string;
  num: number | null;
  txt: string | null;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  user_name: string;
  email: string;
  part_id: string;
  part_name: string;
  unit_price: number;
  quantity: number;
  price: number;
  mobile: string;
  address: string;
  payment_id: string | null;
  payment_intent_id: string | null;
  created_at: string;
  paid_at: string | null;
  /** An unpaid order whose time ran out: its pieces went back to stock (the row stays). */
  expired_at: string | null;
  po_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0019: unfulfilled until shipped (carrier, tracking number), then delivered. */
  fulfilment_status: ColumnType<FulfilmentStatus, FulfilmentStatus | undefined, FulfilmentStatus>;
  carrier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  shipped_at: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0020: a company member's order, its approval, and net-30 terms. */
  company_id: ColumnType<string | null, string | null | undefined, string | null>;
  approval: ColumnType<OrderApproval | null, OrderApproval | null | undefined, OrderApproval | null>;
  /** A net-30 order's invoice falls due then (set when it is invoiced). */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** The bank reference the shop's admin recorded when a net-30 invoice was paid. */
  settlement_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0022: when a company admin approved a pending order (its unpaid clock starts then). */
  approved_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0029: the order's human number (SO-000123), given when it is written, never changed. */
  number: ColumnType<number, number, never>;
  /** Migration 0030: when its buyer (or an admin) cancelled it unpaid; its pieces went back (the row stays). */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0036: 1 when the order ships only whole, once no piece waits. */
  ship_complete: ColumnType<number, number | undefined, number>;
}

export type FulfilmentStatus = 'unfulfilled' | 'partially_shipped' | 'shipped' | 'delivered';
export type OrderApproval = 'pending' | 'approved' | 'rejected';

/** A buying company (migration 0020); payment_terms decides card or net 30. */
export interface CompaniesTable {
  id: string;
  name: string;
  vat_id: string | null;
  payment_terms: ColumnType<'card' | 'net30', 'card' | 'net30' | undefined, 'card' | 'net30'>;
  created_at: string;
  updated_at: string;
}

/** A person's place in a company (one company per person); spending_limit: whole dollars a month, null = none. */
export interface CompanyMembersTable {
  company_id: string;
  user_id: string;
  role: 'admin' | 'buyer';
  spending_limit: number | null;
  joined_at: string;
}

/** An invitation mailed to an email: the token's SHA-256 only, 7 days, once. */
export interface CompanyInvitationsTable {
  id: string;
  company_id: string;
  email: string;
  role: 'admin' | 'buyer';
  spending_limit: number | null;
  token_hash: string;
  invited_by: string | null;
  expires_at: string;
  accepted_at: string | null;
  created_at: string;
}

/**
 * Migration 0028: a buyer's running totals of the orders that hold pieces unpaid (unpaid, not
 * expired, not invoiced on account), moved in the transaction of every change to them: the
 * unpaid-order caps read one row, whatever the buyer's history.
 */
export interface BuyerTotalsTable {
  user_id: string;
  open_orders: number;
  /** Whole dollars. */
  open_value: number;
}

/**
 * Migration 0028: whole dollars of a member's orders for their company placed in a calendar
 * month (`YYYY-MM`, UTC) that count against their monthly limit (not expired, not rejected),
 * moved as the buyer's totals are.
 */
export interface MemberMonthSpendingTable {
  user_id: string;
  company_id: string;
  month: string;
  spent: number;
}

/**
 * The parts of an order, numbered from 0 in the order sent. The order's part_id, part_name,
 * quantity and unit_price repeat its line 0; its price is the sum of its lines.
 */
export interface OrderLinesTable {
  order_id: string;
  line_no: number;
  part_id: string;
  part_name: string;
  quantity: number;
  unit_price: number;
  price: number;
  /** The buyer's (or their company's) number for the part when the order was placed; null: none. */
  customer_part_number: string | null;
  /** Migration 0034: the buyer's reference for the line (designators, a cost code), ≤ 40 characters. */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Migration 0036: quantity = allocated + backordered + shipped + dropped while the order lives
   * (an expired or cancelled order's lines hold nothing): pieces set aside from stock, waiting,
   * sent, and dropped after the order was paid or invoiced.
   */
  allocated: ColumnType<number, number | undefined, number>;
  backordered: ColumnType<number, number | undefined, number>;
  shipped: ColumnType<number, number | undefined, number>;
  dropped: ColumnType<number, number | undefined, number>;
}

/** A buyer's saved list of parts to order again. */
export interface ListsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ListLinesTable {
  list_id: string;
  line_no: number;
  part_id: string;
  quantity: number;
  /** Migration 0034: the buyer's reference for the line (designators, a cost code), ≤ 40 characters. */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A buyer's saved delivery address (migration 0017). */
export interface AddressesTable {
  id: string;
  user_id: string;
  label: string;
  address: string;
  created_at: string;
}

/** A buyer's request for a price (migration 0018); offer_no counts the shop's offers on it. */
export interface QuotesTable {
  id: string;
  user_id: string;
  user_name: string;
  email: string;
  status: 'requested' | 'offered' | 'accepted' | 'declined' | 'expired';
  offer_no: number;
  valid_until: string | null;
  order_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A quote's parts, numbered from 0 in the order asked; unit_price is the offer (null until one). */
export interface QuoteLinesTable {
  quote_id: string;
  line_no: number;
  part_id: string;
  part_name: string;
  quantity: number;
  unit_price: number | null;
  /** Migration 0034: the buyer's reference for the line (designators, a cost code), ≤ 40 characters. */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface QuoteMessagesTable {
  id: string;
  quote_id: string;
  sender: 'buyer' | 'shop';
  message: string;
  created_at: string;
}

export interface ReviewsTable {
  id: string;
  user_id: string | null;
  name: string;
  rating: number;
  message: string;
  created_at: string;
}

export interface MessagesTable {
  id: string;
  kind: 'contact' | 'complaint';
  name: string | null;
  email: string | null;
  message: string;
  consent: number | null;
  created_at: string;
}

export interface PaymentIntentsTable {
  id: string;
  provider: string;
  order_id: string;
  amount_cents: number;
  client_secret: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  id: string; // the provider's event id: a second delivery is recognised by it
  provider: string;
  type: string;
  order_id: string | null;
  created_at: string;
}

export interface AppStateTable {
  key: string;
  value: string;
}

export interface RateLimitWindowsTable {
  key: string;
  count: number;
  reset_at: number; // ms since the epoch
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null; // null: the shop itself (a provider's webhook, a scheduled task)
  actor_email: string | null;
  action: string;
  subject_id: string;
  before: string | null; // JSON
  after: string | null; // JSON
}

/** A paid order's invoice; numbers run 1, 2, 3… in the order orders were paid, without gaps. */
export interface InvoicesTable {
  order_id: string;
  number: number;
  issued_at: string;
}

/** One row (id 1): the last number given (of invoices, of orders). */
export interface CounterTable {
  id: number;
  last_number: number;
}

export interface MailOutboxTable {
  id: string;
  kind:
    | 'order_placed'
    | 'payment_receipt'
    | 'verify_email'
    | 'password_reset'
    | 'quote_offered'
    | 'company_invitation'
    | 'quote_requested'
    | 'quote_accepted'
    | 'quote_accepted_admin'
    | 'order_shipped'
    | 'approval_needed'
    | 'approval_reminder'
    | 'order_approved'
    | 'order_rejected'
    | 'order_rejected_by_shop'
    | 'order_invoiced'
    | 'invoice_overdue'
    | 'backorder_ready'
    | 'shipment_sent';
  /** The order (order mails) or the account link (account mails) the mail tells of. */
  subject_id: string; // no foreign key: a cancelled order's mail is dropped, its row kept
  recipient: string;
  status: 'pending' | 'sent' | 'failed' | 'dropped';
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null; // a server is sending it until then
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface AccountLinksTable {
  id: string;
  user_id: string;
  purpose: 'verify_email' | 'password_reset';
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A Google sign-in's one-time code for the web app (migration 0013): hashes only, 60 seconds, once. */
export interface GoogleSignInCodesTable {
  code_hash: string;
  browser_hash: string; // the hash of the cookie of the browser that finished the sign-in
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

/** A tool model of the manufacturer (migration 0032); deleted softly, fleets keep naming it. */
export interface ToolsTable {
  id: string;
  name: string;
  model: string;
  /** The model as searches compare it (contract/tools.ts normalisedModel). */
  model_search: string;
  img: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A tool's exploded drawing, `diagram_no` its place among the tool's drawings. */
export interface ToolDiagramsTable {
  id: string;
  tool_id: string;
  diagram_no: number;
  title: string;
  img: string;
}

/** A numbered hotspot on a drawing; x and y in ten-thousandths of the picture (0–10000). */
export interface ToolHotspotsTable {
  diagram_id: string;
  hotspot_no: number;
  label: string;
  part_id: string;
  x: number;
  y: number;
}

/** A line of a tool's parts list. */
export interface ToolPartsTable {
  tool_id: string;
  line_no: number;
  part_id: string;
  position: string;
  quantity_per_tool: number;
  /** 1 for a part that wears out, 0 otherwise. */
  wear: number;
}

/** An entry of a fleet: a buyer's own (user_id) or their company's (company_id). */
export interface MyToolsTable {
  id: string;
  user_id: string | null;
  company_id: string | null;
  tool_id: string;
  serial_number: string | null;
  quantity: number;
  note: string | null;
  added_by: string | null;
  created_at: string;
}

/** A buyer's (or their company's) own number for a part: one a part, each unique for its owner. */
export interface CustomerPartNumbersTable {
  owner_kind: 'company' | 'user';
  owner_id: string;
  part_id: string;
  customer_part_number: string;
  /** text-search.ts partNumberKey of the number: what lookups compare. */
  number_key: string;
  created_at: string;
}

/** A company's agreed price for a part (migration 0037); valid_until: its last day, null: no end. */
export interface ContractPricesTable {
  company_id: string;
  part_id: string;
  unit_price: number;
  valid_until: string | null;
  created_at: string;
}

/** A key for a buyer's own systems (migration 0038): its SHA-256 only; scopes a JSON array. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  company_id: string | null;
  name: string;
  scopes: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A company's procurement system (migration 0040). */
export interface PunchoutIdentitiesTable {
  company_id: string;
  domain: string;
  identity: string;
  oci_username: string;
  secret_hash: string;
  buyer_id: string;
  secret_set_at: string;
}

export interface PunchoutSessionsTable {
  id: string;
  company_id: string;
  user_id: string;
  protocol: 'cxml' | 'oci';
  return_url: string;
  buyer_cookie: string | null;
  start_hash: string | null;
  start_expires_at: string | null;
  token_hash: string | null;
  expires_at: string | null;
  ended_at: string | null;
  created_at: string;
}

export interface PunchoutOrdersTable {
  company_id: string;
  payload_id: string;
  order_id: string;
}

export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  events: string;
  secret: string;
  created_at: string;
  deleted_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  type: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  created_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  at: string;
  status_code: number | null;
  error: string | null;
}

export interface DB {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  parts: PartsTable;
  categories: CategoriesTable;
  part_values: PartValuesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  part_incoming: PartIncomingTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  order_adjustments: OrderAdjustmentsTable;
  credit_note_counter: CounterTable;
  buyer_totals: BuyerTotalsTable;
  member_month_spending: MemberMonthSpendingTable;
  lists: ListsTable;
  list_lines: ListLinesTable;
  addresses: AddressesTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  quote_messages: QuoteMessagesTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  reviews: ReviewsTable;
  messages: MessagesTable;
  payment_intents: PaymentIntentsTable;
  payment_events: PaymentEventsTable;
  app_state: AppStateTable;
  rate_limit_windows: RateLimitWindowsTable;
  audit_log: AuditLogTable;
  invoices: InvoicesTable;
  invoice_counter: CounterTable;
  order_counter: CounterTable;
  mail_outbox: MailOutboxTable;
  google_sign_in_codes: GoogleSignInCodesTable;
  account_links: AccountLinksTable;
  tools: ToolsTable;
  tool_diagrams: ToolDiagramsTable;
  tool_hotspots: ToolHotspotsTable;
  tool_parts: ToolPartsTable;
  my_tools: MyToolsTable;
  customer_part_numbers: CustomerPartNumbersTable;
  contract_prices: ContractPricesTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  punchout_identities: PunchoutIdentitiesTable;
  punchout_sessions: PunchoutSessionsTable;
  punchout_orders: PunchoutOrdersTable;
}

export type PartRow = Selectable<PartsTable>;
export type NewPart = Insertable<PartsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type QuoteLineRow = Selectable<QuoteLinesTable>;
export type ListLineRow = Selectable<ListLinesTable>;
export type MessageRow = Selectable<MessagesTable>;
export type NewReview = Insertable<ReviewsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewOrder = Insertable<OrdersTable>;
