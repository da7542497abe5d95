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
