import { OrderBody } from '@shop/contract/orders';
import { newId } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { type OrderDeps, orderById, orderRefusal, writeOrder } from '../orders/index.js';
import { CxmlStatus, cxmlRefused, money, type OrderItem, readOrderRequest } from './cxml.js';
import { actingMember, cxmlIdentity } from './protocol.js';
import * as punchout from './repository.js';
import { pricedLines } from './transfer.js';
import type { XmlElement } from './xml.js';

/**
 * The member a purchase order is placed as: the one whose punchout session its lines came from
 * (SupplierPartAuxiliaryID, a session of this company), else the one it names, else the
 * identity's buyer.
 */
async function orderingMember(
  db: Database,
  identity: punchout.IdentityRow,
  items: OrderItem[],
  email?: string,
) {
  const sessionId = items.find((item) => item.auxiliaryId)?.auxiliaryId;
  const session = sessionId ? await punchout.sessionById(db, sessionId) : undefined;
  const fromSession =
    session?.company_id === identity.company_id
      ? await punchout.memberById(db, identity.company_id, session.user_id)
      : undefined;
  if (fromSession && fromSession.user_role !== 'admin') return fromSession;
  return actingMember(db, identity, email, (message) => new CxmlStatus(403, 'Forbidden', message));
}

/** The order body a purchase order stands for: `POST /api/orders`'s rules, said in cXML's 400. */
function orderBody(request: ReturnType<typeof readOrderRequest>): OrderBody {
  if (!request.address) throw cxmlRefused('The OrderRequest has no ShipTo address');
  if (!request.phone) throw cxmlRefused('The ShipTo address has no telephone number');
  const parsed = OrderBody.safeParse({
    lines: request.items.map((item) => ({ partsId: item.supplierPartId, quantity: item.quantity })),
    mobile: request.phone,
    address: request.address,
    poNumber: request.orderId,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw cxmlRefused(
      `The OrderRequest is not an order this shop takes: ${issue?.path.join('.')} ${issue?.message}`,
    );
  }
  return parsed.data;
}

/** An order's refusal, in cXML's words (its code also the HTTP status). */
function asCxml(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const known: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 409: 'Conflict' };
  const text = known[error.status];
  return text ? new CxmlStatus(error.status, text, error.message) : cxmlRefused(error.message);
}

/**
 * A cXML OrderRequest: the company's credentials checked, then an order placed as `POST
 * /api/orders` places one, as the member it acts as (their limits and approvals apply), with its
 * orderID as the order's PO number. A line priced below what the buyer pays now is refused
 * (409), never charged silently. The same payloadID again answers the order it made.
 */
export async function placePurchaseOrder(
  deps: OrderDeps,
  root: XmlElement,
): Promise<{ number: string; again: boolean }> {
  const { db } = deps;
  const identity = await cxmlIdentity(db, root);
  const payloadId = root.attributes.payloadID?.trim();
  if (!payloadId || payloadId.length > 250)
    throw cxmlRefused('The cXML document has no payloadID of at most 250 characters');
  const request = readOrderRequest(root);
  const before = await punchout.orderOfPayload(db, identity.company_id, payloadId);
  if (before) return { number: (await orderById(db, before.order_id)).number, again: true };
  const body = orderBody(request);
  const member = await orderingMember(db, identity, request.items, request.userEmail);
  const buyer = { id: member.id, name: member.name, email: member.email, role: null, sessionId: 'punchout' };
  try {
    const priced = await pricedLines(db, { userId: member.id, companyId: identity.company_id }, body);
    request.items.forEach((item, index) => {
      const ours = priced[index]?.unitPrice ?? 0;
      if (item.unitPrice !== undefined && item.unitPrice < ours)
        throw new AppError(
          'conflict',
          `${priced[index]?.name} costs ${money(ours)} now, not ${money(item.unitPrice)}: punch out again for today's prices`,
        );
    });
  } catch (error) {
    throw asCxml(error);
  }
  const id = newId();
  try {
    const placed = await db.transaction().execute(async (trx) => {
      if (
        !(await punchout.claimPayload(trx, {
          company_id: identity.company_id,
          payload_id: payloadId,
          order_id: id,
        }))
      )
        return false;
      await writeOrder(trx, deps, buyer, id, body);
      return true;
    });
    deps.mail?.kick();
    if (placed) return { number: (await orderById(db, id)).number, again: false };
  } catch (error) {
    throw asCxml(await orderRefusal(db, error));
  }
  // The same purchase order, sent again while the first was being placed.
  const first = await punchout.orderOfPayload(db, identity.company_id, payloadId);
  if (!first)
    throw new CxmlStatus(409, 'Conflict', 'This purchase order is being placed: send it again in a moment');
  return { number: (await orderById(db, first.order_id)).number, again: true };
}
