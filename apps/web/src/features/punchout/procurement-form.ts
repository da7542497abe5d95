import type { TransferForm } from '@shop/contract/punchout';

/** Where a transfer may go: the procurement system's own web address (http or https), nothing else. */
export function checkedAction(action: string): string {
  let url: URL;
  try {
    url = new URL(action);
  } catch {
    throw new Error('The procurement system gave no address to send the lines to');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('The procurement system gave no web address to send the lines to');
  return url.href;
}

/** What a form needs of the document: elements to make. */
type Maker = Pick<Document, 'createElement'>;

/**
 * The form the browser posts to the procurement system (cXML: `cxml-urlencoded`; OCI: the
 * `NEW_ITEM-…` fields), each field a hidden input; posted as a real top-level form post, whose
 * answer (the procurement system's page) replaces the shop's.
 */
export function procurementForm(document: Maker, { action, fields }: TransferForm): HTMLFormElement {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = checkedAction(action);
  form.acceptCharset = 'UTF-8';
  form.target = '_top';
  form.hidden = true;
  for (const { name, value } of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
}

/** Posts `answer` from this page: the procurement system's page takes the window over. */
export function postToProcurement(answer: TransferForm): void {
  const form = procurementForm(document, answer);
  document.body.append(form);
  form.submit();
}

/**
 * Where the post leaves from: a page the server gives as /punchout, the one page whose policy lets
 * a form go to another site (every other page's form-action is the shop alone). The transfer's
 * answer waits there, in this window's session storage, for the one load that posts it.
 */
export const POST_FROM = '/punchout#transfer';
const PENDING_KEY = 'shop.punchout.transfer';

function isTransferForm(value: unknown): value is TransferForm {
  const form = value as TransferForm | null;
  return (
    typeof form?.action === 'string' &&
    Array.isArray(form.fields) &&
    form.fields.every((field) => typeof field?.name === 'string' && typeof field.value === 'string')
  );
}

/** Keeps `answer` for the /punchout page and loads it, in place of this page in history. */
export function sendThroughPunchoutPage(answer: TransferForm, storage: Storage, location: Location): void {
  storage.setItem(PENDING_KEY, JSON.stringify(answer));
  location.replace(POST_FROM);
}

/** The transfer waiting to be posted, taken (read once), or null. */
export function takePendingTransfer(storage: Pick<Storage, 'getItem' | 'removeItem'>): TransferForm | null {
  let kept: unknown = null;
  try {
    kept = JSON.parse(storage.getItem(PENDING_KEY) ?? 'null');
  } catch {
    kept = null;
  }
  storage.removeItem(PENDING_KEY);
  return isTransferForm(kept) ? kept : null;
}
