import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';

/*
 * A procurement system on this machine (as SAP Ariba, Coupa or an ERP would be), speaking the real
 * protocols to the shop: it sends cXML PunchOutSetupRequest and OrderRequest documents, makes OCI
 * links, and takes the form posts "Transfer to procurement" sends back (cXML's BrowserFormPost,
 * OCI's HOOK_URL). It reads cXML with its own parser (fast-xml-parser), not the shop's.
 */

export interface Credentials {
  domain: string;
  identity: string;
  secret: string;
}

/** A line the procurement system took from the shop's transfer. */
export interface ReceivedItem {
  supplierPartId: string;
  auxiliaryId?: string;
  quantity: number;
  unitPrice: number;
  buyerPartId?: string;
  description: string;
  /** How the shop classified it: cXML's Classification (domain and code), OCI's MATGROUP (code). */
  classification?: { domain?: string; code: string };
}

export interface Received {
  kind: 'cxml' | 'oci';
  /** cXML: the BuyerCookie the message carried back. */
  buyerCookie?: string;
  items: ReceivedItem[];
  /** Every field of the post, as posted. */
  fields: Record<string, string>;
}

export interface OrderOptions {
  orderId: string;
  payloadId?: string;
  phone?: boolean;
  userEmail?: string;
}

const DTD = 'http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const text = (value: unknown): string =>
  typeof value === 'object' && value !== null
    ? String((value as Record<string, unknown>)['#text'] ?? '')
    : String(value ?? '');

function cxml(
  creds: Credentials,
  request: Record<string, unknown>,
  payloadId = `${randomUUID()}@procurement.example`,
) {
  const credential = (secret?: string) => ({
    Credential: {
      '@domain': creds.domain,
      Identity: creds.identity,
      ...(secret ? { SharedSecret: secret } : {}),
    },
  });
  return create({ version: '1.0', encoding: 'UTF-8' })
    .dtd({ name: 'cXML', sysID: DTD })
    .ele({
      cXML: {
        '@payloadID': payloadId,
        '@timestamp': new Date().toISOString(),
        Header: {
          From: credential(),
          To: { Credential: { '@domain': 'DUNS', Identity: 'parts-shop' } },
          Sender: { ...credential(creds.secret), UserAgent: 'Procurement stand-in' },
        },
        Request: { '@deploymentMode': 'test', ...request },
      },
    })
    .end();
}

/** A cXML answer: its Status, and a setup response's StartPage. */
export function readResponse(body: string): {
  code: number;
  text: string;
  message: string;
  startPage?: string;
} {
  const response = parser.parse(body)?.cXML?.Response;
  const status = response?.Status;
  const startPage = response?.PunchOutSetupResponse?.StartPage?.URL;
  return {
    code: Number(status?.['@code']),
    text: String(status?.['@text'] ?? ''),
    message: text(status),
    ...(startPage ? { startPage: text(startPage) } : {}),
  };
}

function itemsOfMessage(message: string): { buyerCookie: string; items: ReceivedItem[] } {
  const order = parser.parse(message)?.cXML?.Message?.PunchOutOrderMessage;
  return {
    buyerCookie: text(order?.BuyerCookie),
    items: list(order?.ItemIn).map((item: Record<string, any>) => ({
      supplierPartId: text(item.ItemID?.SupplierPartID),
      auxiliaryId: text(item.ItemID?.SupplierPartAuxiliaryID) || undefined,
      quantity: Number(item['@quantity']),
      unitPrice: Number(text(item.ItemDetail?.UnitPrice?.Money)),
      buyerPartId: text(item.ItemID?.BuyerPartID) || undefined,
      description: text(item.ItemDetail?.Description),
      classification: {
        domain: String(item.ItemDetail?.Classification?.['@domain']),
        code: text(item.ItemDetail?.Classification),
      },
    })),
  };
}

function itemsOfOci(fields: Record<string, string>): ReceivedItem[] {
  const items: ReceivedItem[] = [];
  for (let n = 1; fields[`NEW_ITEM-VENDORMAT[${n}]`]; n++)
    items.push({
      supplierPartId: fields[`NEW_ITEM-VENDORMAT[${n}]`] ?? '',
      quantity: Number(fields[`NEW_ITEM-QUANTITY[${n}]`]),
      unitPrice: Number(fields[`NEW_ITEM-PRICE[${n}]`]),
      description: fields[`NEW_ITEM-DESCRIPTION[${n}]`] ?? '',
      ...(fields[`NEW_ITEM-MATNR[${n}]`] ? { buyerPartId: fields[`NEW_ITEM-MATNR[${n}]`] } : {}),
      classification: { code: fields[`NEW_ITEM-MATGROUP[${n}]`] ?? '' },
    });
  return items;
}

export type ProcurementStandIn = Awaited<ReturnType<typeof startProcurementStandIn>>;

export async function startProcurementStandIn() {
  const posts: Received[] = [];
  const waiting: ((received: Received) => void)[] = [];
  const server = createServer((req, res) => {
    // Only the form posts of a transfer are carts; anything else a browser asks for (its icon)
    // gets nothing.
    const returning = req.method === 'POST' && (req.url === '/cxml-return' || req.url === '/oci-hook');
    if (!returning) {
      res.writeHead(204).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      const kind = req.url === '/oci-hook' ? 'oci' : 'cxml';
      const received: Received =
        kind === 'oci'
          ? { kind, items: itemsOfOci(fields), fields }
          : { kind, ...itemsOfMessage(fields['cxml-urlencoded'] ?? ''), fields };
      const next = waiting.shift();
      if (next) next(received);
      else posts.push(received);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Procurement</title><h1>Cart received: ${received.items.length} lines</h1>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const post = async (address: string, body: string) => {
    const answer = await fetch(address, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
    return { status: answer.status, body: await answer.text() };
  };

  return {
    url,
    /** The setup request's document (tests change it to see the shop refuse it). */
    setupDocument(creds: Credentials, options: { userEmail?: string; buyerCookie?: string } = {}) {
      return cxml(creds, {
        PunchOutSetupRequest: {
          '@operation': 'create',
          BuyerCookie: options.buyerCookie ?? randomUUID(),
          ...(options.userEmail ? { Extrinsic: { '@name': 'UserEmail', '#': options.userEmail } } : {}),
          BrowserFormPost: { URL: `${url}/cxml-return` },
          SupplierSetup: { URL: 'https://parts-shop.example/' },
        },
      });
    },
    /** Posts a cXML document to the shop: its HTTP status and body. */
    post,
    /** Sends a PunchOutSetupRequest: the StartPage the shop answers, or throws with its status. */
    async setup(
      shopUrl: string,
      creds: Credentials,
      options: { userEmail?: string; buyerCookie?: string } = {},
    ) {
      const answer = await post(`${shopUrl}/api/punchout/cxml/setup`, this.setupDocument(creds, options));
      const read = readResponse(answer.body);
      if (answer.status !== 200 || !read.startPage)
        throw new Error(`setup refused: ${answer.status} ${answer.body}`);
      return read.startPage;
    },
    /** The link an OCI catalog entry opens. */
    ociLink(shopUrl: string, login: { username: string; password: string }) {
      const query = new URLSearchParams({
        USERNAME: login.username,
        PASSWORD: login.password,
        HOOK_URL: `${url}/oci-hook`,
        '~OkCode': 'ADDI',
        '~TARGET': '_top',
        '~CALLER': 'CTLG',
      });
      return `${shopUrl}/api/punchout/oci?${query}`;
    },
    /** The next cart posted back by a browser (one already posted, else the next to come). */
    received(): Promise<Received> {
      const first = posts.shift();
      if (first) return Promise.resolve(first);
      return new Promise((resolve) => waiting.push(resolve));
    },
    /** The OrderRequest document for these items (the purchase order the buyer's approvals made). */
    orderDocument(creds: Credentials, items: readonly ReceivedItem[], options: OrderOptions) {
      const total = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
      const address = {
        Name: 'Karnaphuli Assemblies Ltd',
        PostalAddress: {
          DeliverTo: 'Goods receiving, gate 2',
          Street: 'Plot 14, Kalurghat Heavy Industrial Area',
          City: 'Chattogram',
          PostalCode: '4208',
          Country: { '@isoCountryCode': 'BD', '#': 'Bangladesh' },
        },
        ...(options.phone === false
          ? {}
          : {
              Phone: {
                TelephoneNumber: {
                  CountryCode: { '@isoCountryCode': 'BD', '#': '880' },
                  AreaOrCityCode: '31',
                  Number: '2550123',
                },
              },
            }),
      };
      return cxml(
        creds,
        {
          OrderRequest: {
            OrderRequestHeader: {
              '@orderID': options.orderId,
              '@orderDate': new Date().toISOString(),
              '@type': 'new',
              Total: { Money: { '@currency': 'USD', '#': total.toFixed(2) } },
              ShipTo: { Address: address },
              BillTo: {
                Address: {
                  ...address,
                  PostalAddress: { ...address.PostalAddress, DeliverTo: 'Accounts payable' },
                },
              },
              ...(options.userEmail ? { Extrinsic: { '@name': 'UserEmail', '#': options.userEmail } } : {}),
            },
            ItemOut: items.map((item, index) => ({
              '@quantity': String(item.quantity),
              '@lineNumber': String(index + 1),
              ItemID: {
                SupplierPartID: item.supplierPartId,
                ...(item.auxiliaryId ? { SupplierPartAuxiliaryID: item.auxiliaryId } : {}),
              },
              ItemDetail: {
                UnitPrice: { Money: { '@currency': 'USD', '#': item.unitPrice.toFixed(2) } },
                Description: { '@xml:lang': 'en', '#': item.description },
                UnitOfMeasure: 'EA',
              },
            })),
          },
        },
        options.payloadId,
      );
    },
    /** Sends the OrderRequest: the HTTP status and the cXML Status the shop answered. */
    async orderRequest(
      shopUrl: string,
      creds: Credentials,
      items: readonly ReceivedItem[],
      options: OrderOptions,
    ) {
      const answer = await post(
        `${shopUrl}/api/punchout/cxml/order`,
        this.orderDocument(creds, items, options),
      );
      return { status: answer.status, ...readResponse(answer.body) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
