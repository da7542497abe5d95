import type { RefusedLine } from '@shop/contract/errors';
import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/orders';
import { unitPriceFor } from '@shop/contract/parts';
import { SESSION_ENDED_MESSAGE, type TransferBody, type TransferForm } from '@shop/contract/punchout';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { unauthenticated } from '../../http/auth-guard.js';
import { type CategoryTree, categoryTree } from '../categories/index.js';
import { companyContractPrices } from '../contract-prices/index.js';
import { customerNumbersOfBuyer } from '../customer-part-numbers/index.js';
import { notMultipleRefusal, obsoleteRefusal, partsByIds } from '../parts/index.js';
import { type Classification, type MessageLine, orderMessage } from './cxml.js';
import { ociFields } from './oci.js';
import * as punchout from './repository.js';
import type { SessionCaller } from './sessions.js';

/**
 * How a procurement system files a part: by the UNSPSC code of its category, or of the nearest
 * category above it that has one; without a code, by our category id ('parts' when it has none).
 */
function classificationOf(tree: CategoryTree, categoryId: string | undefined): Classification {
  const unspsc = categoryId ? tree.unspscOf(categoryId) : undefined;
  return unspsc
    ? { domain: 'UNSPSC', code: unspsc }
    : { domain: 'ShopCategory', code: categoryId ?? 'parts' };
}

/**
 * The order builder's lines as the buyer's company would buy them now: each part known and not
 * obsolete, its quantity within the part's range and a multiple of its order multiple (as an
 * order's would be), priced with the company's contract price where it is lower, carrying the
 * buyer's own number for the part and its classification. Refused as `POST /api/orders` refuses.
 */
export async function pricedLines(
  db: Database,
  buyer: { userId: string; companyId: string },
  body: TransferBody,
): Promise<MessageLine[]> {
  const ids = body.lines.map((line) => line.partsId);
  const parts = await partsByIds(db, ids);
  const asked = body.lines.map((line, index) => ({
    line: index,
    partsId: line.partsId,
    quantity: line.quantity,
  }));
  const missing = asked
    .filter((line) => !parts.has(line.partsId))
    .map(({ line, partsId }) => ({ line, partsId }));
  if (missing.length > 0) throw new AppError('not_found', 'No such part', undefined, { details: missing });
  const refusal = (await obsoleteRefusal(db, asked)) ?? (await notMultipleRefusal(db, asked));
  if (refusal) throw refusal;
  const outOfRange: RefusedLine[] = asked.filter(({ partsId, quantity }) => {
    const part = parts.get(partsId);
    if (!part) return true;
    return quantity < part.min_order_quantity || (!part.backorderable && quantity > part.available_quantity);
  });
  if (outOfRange.length > 0)
    throw new AppError('quantity_out_of_range', OUT_OF_RANGE_MESSAGE, undefined, {
      details: outOfRange.map(({ line, partsId }) => ({ line, partsId })),
    });
  const contracts = await companyContractPrices(db, buyer.companyId, ids);
  const numbers = await customerNumbersOfBuyer(db, buyer.userId, ids);
  const tree = await categoryTree(db);
  return body.lines.map((line) => {
    const part = parts.get(line.partsId);
    if (!part) throw new Error('every part was found above');
    return {
      partsId: part._id,
      name: part.name,
      quantity: line.quantity,
      unitPrice: unitPriceFor({ ...part, contractPrice: contracts.get(part._id) }, line.quantity),
      customerPartNumber: numbers.get(part._id),
      mpn: part.mpn,
      manufacturer: part.manufacturer,
      classification: classificationOf(tree, part.categoryId),
      reference: line.reference || undefined,
    };
  });
}

/**
 * "Transfer to procurement": the lines priced, the session ended (once: a second transfer of the
 * same session → 401), and the form the browser posts to the procurement system.
 */
export async function transfer(
  db: Database,
  caller: SessionCaller,
  body: TransferBody,
  shopHost: string,
): Promise<TransferForm> {
  const lines = await pricedLines(db, { userId: caller.id, companyId: caller.punchout.companyId }, body);
  const session = await punchout.sessionById(db, caller.punchout.id);
  if (!session || !(await punchout.endSession(db, session.id, nowIso())))
    throw unauthenticated(SESSION_ENDED_MESSAGE);
  if (session.protocol === 'oci') return { action: session.return_url, fields: ociFields(lines) };
  // The cXML message names the buyer's company by its credential (an identity is never removed).
  const identity = await punchout.identityOf(db, caller.punchout.companyId);
  if (!identity) throw new Error('a punchout session belongs to a company with an identity');
  const message = await orderMessage(
    shopHost,
    {
      id: session.id,
      buyerCookie: session.buyer_cookie ?? '',
      buyer: { domain: identity.domain, identity: identity.identity },
    },
    lines,
  );
  return { action: session.return_url, fields: [{ name: 'cxml-urlencoded', value: message }] };
}
