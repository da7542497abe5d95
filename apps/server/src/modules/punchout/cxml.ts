import { randomBytes } from 'node:crypto';
import { child, childrenNamed, textAt, type XmlElement } from './xml.js';

/*
 * cXML, as a procurement system speaks it (cXML 1.2): what the shop reads of a request's
 * envelope, setup request and purchase order, and the documents it answers with.
 */

const DTD = 'http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd';

/** A credential a request's header names (From or Sender), with the secret the Sender carries. */
export interface CxmlCredentials {
  names: { domain: string; identity: string }[];
  sharedSecret: string | undefined;
}

/** A cXML document's status answer: the protocol's code (also the HTTP status) and its words. */
export class CxmlStatus extends Error {
  constructor(
    readonly code: number,
    readonly text: string,
    message: string,
  ) {
    super(message);
  }
}

export const cxmlRefused = (message: string) => new CxmlStatus(400, 'Bad Request', message);
export const cxmlUnauthorized = (message: string) => new CxmlStatus(401, 'Unauthorized', message);

function credentialsOf(element: XmlElement | undefined) {
  return childrenNamed(element, 'Credential').map((credential) => ({
    domain: credential.attributes.domain?.trim() ?? '',
    identity: textAt(credential, 'Identity') ?? '',
    sharedSecret: textAt(credential, 'SharedSecret'),
  }));
}

/** The header's credentials: whom it is From, and who sends it with which SharedSecret. */
export function headerCredentials(root: XmlElement): CxmlCredentials {
  if (root.name !== 'cXML') throw cxmlRefused('The document is not cXML');
  const header = child(root, 'Header');
  if (!header) throw cxmlRefused('The cXML document has no Header');
  const from = credentialsOf(child(header, 'From'));
  const sender = credentialsOf(child(header, 'Sender'));
  const names = [...from, ...sender].filter((c) => c.domain && c.identity);
  return {
    names: names.map(({ domain, identity }) => ({ domain, identity })),
    sharedSecret: sender.find((c) => c.sharedSecret)?.sharedSecret,
  };
}

/** What the shop reads of a PunchOutSetupRequest. */
export interface SetupRequest {
  buyerCookie: string;
  browserFormPost: string;
  userEmail: string | undefined;
}

/** An Extrinsic's text by name (cXML's named extra fields, such as UserEmail). */
const extrinsic = (element: XmlElement | undefined, name: string) =>
  childrenNamed(element, 'Extrinsic')
    .find((e) => e.attributes.name === name)
    ?.text.trim() || undefined;

export function readSetupRequest(root: XmlElement): SetupRequest {
  const setup = child(root, 'Request', 'PunchOutSetupRequest');
  if (!setup) throw cxmlRefused('The cXML request is not a PunchOutSetupRequest');
  const browserFormPost = textAt(setup, 'BrowserFormPost', 'URL');
  if (!browserFormPost) throw cxmlRefused('The PunchOutSetupRequest has no BrowserFormPost URL');
  return {
    buyerCookie: textAt(setup, 'BuyerCookie') ?? '',
    browserFormPost,
    userEmail: extrinsic(setup, 'UserEmail') ?? textAt(setup, 'Contact', 'Email'),
  };
}

/** A purchase order's line: our part, how many, and the session it came from (if it says). */
export interface OrderItem {
  supplierPartId: string;
  auxiliaryId: string | undefined;
  quantity: number;
  unitPrice: number | undefined;
}

export interface OrderRequest {
  orderId: string;
  userEmail: string | undefined;
  address: string | undefined;
  phone: string | undefined;
  items: OrderItem[];
}

/** A PostalAddress in one line, as an order keeps its delivery address. */
function addressLine(address: XmlElement | undefined): string | undefined {
  const postal = child(address, 'PostalAddress');
  if (!postal) return undefined;
  const parts = [
    textAt(address, 'Name'),
    ...childrenNamed(postal, 'DeliverTo').map((e) => e.text.trim()),
    ...childrenNamed(postal, 'Street').map((e) => e.text.trim()),
    [textAt(postal, 'PostalCode'), textAt(postal, 'City')].filter(Boolean).join(' '),
    textAt(postal, 'State'),
    textAt(postal, 'Country'),
  ];
  return parts.filter(Boolean).join(', ') || undefined;
}

function phoneOf(address: XmlElement | undefined): string | undefined {
  const number = child(address, 'Phone', 'TelephoneNumber');
  if (!number) return undefined;
  const country = textAt(number, 'CountryCode');
  const parts = [
    country ? `+${country}` : undefined,
    textAt(number, 'AreaOrCityCode'),
    textAt(number, 'Number'),
  ];
  return parts.filter(Boolean).join(' ') || undefined;
}

function readItem(item: XmlElement): OrderItem {
  const quantity = Number(item.attributes.quantity);
  const supplierPartId = textAt(item, 'ItemID', 'SupplierPartID');
  if (!supplierPartId) throw cxmlRefused('An ItemOut has no SupplierPartID');
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw cxmlRefused(`The ItemOut of ${supplierPartId} has no whole quantity of at least 1`);
  const price = textAt(item, 'ItemDetail', 'UnitPrice', 'Money');
  return {
    supplierPartId,
    auxiliaryId: textAt(item, 'ItemID', 'SupplierPartAuxiliaryID'),
    quantity,
    unitPrice: price === undefined ? undefined : Number(price),
  };
}

export function readOrderRequest(root: XmlElement): OrderRequest {
  const order = child(root, 'Request', 'OrderRequest');
  if (!order) throw cxmlRefused('The cXML request is not an OrderRequest');
  const header = child(order, 'OrderRequestHeader');
  const orderId = header?.attributes.orderID?.trim();
  if (!header || !orderId) throw cxmlRefused('The OrderRequest has no OrderRequestHeader with an orderID');
  const type = header.attributes.type ?? 'new';
  if (type !== 'new')
    throw new CxmlStatus(
      406,
      'Not Acceptable',
      `Order requests of type "${type}" are not taken: send a new order`,
    );
  const shipTo = child(header, 'ShipTo', 'Address');
  return {
    orderId,
    userEmail: extrinsic(header, 'UserEmail') ?? textAt(header, 'Contact', 'Email'),
    address: addressLine(shipTo),
    phone: phoneOf(shipTo),
    items: childrenNamed(order, 'ItemOut').map(readItem),
  };
}

/** A cXML document's identity: a payloadID unique to this shop, and the time. */
function envelope(host: string) {
  return {
    '@payloadID': `${Date.now()}.${randomBytes(8).toString('hex')}@${host}`,
    '@timestamp': new Date().toISOString(),
    '@xml:lang': 'en-US',
  };
}

/** xmlbuilder2 is loaded with the first cXML answer: a shop without punchout never holds it. */
let builder: Promise<typeof import('xmlbuilder2')> | undefined;

async function document(body: Record<string, unknown>): Promise<string> {
  builder ??= import('xmlbuilder2');
  const { create } = await builder;
  return create({ version: '1.0', encoding: 'UTF-8' })
    .dtd({ name: 'cXML', sysID: DTD })
    .ele({ cXML: body })
    .end();
}

/** The answer to a request: its status, and for a setup request the StartPage. */
export function cxmlResponse(
  host: string,
  status: { code: number; text: string; message?: string },
  startPage?: string,
) {
  return document({
    ...envelope(host),
    Response: {
      Status: {
        '@code': String(status.code),
        '@text': status.text,
        ...(status.message ? { '#': status.message } : {}),
      },
      ...(startPage ? { PunchOutSetupResponse: { StartPage: { URL: startPage } } } : {}),
    },
  });
}

/**
 * How the buyer's procurement system files a line: by UNSPSC code when the part's category (or
 * its nearest parent) has one, else by our category id (transfer.ts decides which).
 */
export interface Classification {
  domain: 'UNSPSC' | 'ShopCategory';
  code: string;
}

/** A line of the order message: the part, as the buyer's company would buy it. */
export interface MessageLine {
  partsId: string;
  name: string;
  quantity: number;
  unitPrice: number;
  customerPartNumber: string | undefined;
  mpn: string | undefined;
  manufacturer: string | undefined;
  classification: Classification;
  reference: string | undefined;
}

export const money = (dollars: number) => dollars.toFixed(2);

/**
 * The PunchOutOrderMessage "Transfer to procurement" posts back, from the shop (its host) to the
 * buyer's company (its credential): each line at the buyer's price, with their own part number,
 * and the session (SupplierPartAuxiliaryID) the purchase order then names.
 */
export function orderMessage(
  host: string,
  session: { id: string; buyerCookie: string; buyer: { domain: string; identity: string } },
  lines: readonly MessageLine[],
) {
  const shop = { Credential: { '@domain': 'ShopHost', Identity: host } };
  const buyer = { Credential: { '@domain': session.buyer.domain, Identity: session.buyer.identity } };
  const total = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return document({
    ...envelope(host),
    Header: { From: shop, To: buyer, Sender: { ...shop, UserAgent: 'Parts shop' } },
    Message: {
      PunchOutOrderMessage: {
        BuyerCookie: session.buyerCookie,
        PunchOutOrderMessageHeader: {
          '@operationAllowed': 'create',
          Total: { Money: { '@currency': 'USD', '#': money(total) } },
        },
        ItemIn: lines.map((line) => ({
          '@quantity': String(line.quantity),
          ItemID: {
            SupplierPartID: line.partsId,
            SupplierPartAuxiliaryID: session.id,
            ...(line.customerPartNumber ? { BuyerPartID: line.customerPartNumber } : {}),
          },
          ItemDetail: {
            UnitPrice: { Money: { '@currency': 'USD', '#': money(line.unitPrice) } },
            Description: { '@xml:lang': 'en', '#': line.name },
            UnitOfMeasure: 'EA',
            Classification: { '@domain': line.classification.domain, '#': line.classification.code },
            ...(line.mpn ? { ManufacturerPartID: line.mpn } : {}),
            ...(line.manufacturer ? { ManufacturerName: line.manufacturer } : {}),
          },
          ...(line.reference ? { Comments: line.reference } : {}),
        })),
      },
    },
  });
}
