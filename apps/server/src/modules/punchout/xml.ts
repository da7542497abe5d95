import { SaxesParser } from 'saxes';

/** An element of a parsed document: its name, attributes, child elements and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** How deep and how many elements a document the shop reads may be (a cXML order is far below). */
const MAX_DEPTH = 32;
const MAX_ELEMENTS = 20_000;

/** A document the shop does not read, with the reason (the protocol answers it as its 400). */
export class XmlRefused extends Error {}

/**
 * Reads an XML document with saxes, a strict non-validating parser: it expands no entity a
 * document declares (an entity bomb or an external entity is an "undefined entity" error) and
 * fetches nothing. A document type with an internal subset is refused before any of that, as are
 * documents deeper or larger than a purchase order could be. The caller bounds the size in bytes.
 */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  parser.on('doctype', (doctype) => {
    if (doctype.includes('['))
      throw new XmlRefused('A document type with its own declarations is not accepted');
  });
  parser.on('opentag', (tag) => {
    count += 1;
    if (count > MAX_ELEMENTS) throw new XmlRefused(`The document has more than ${MAX_ELEMENTS} elements`);
    if (stack.length >= MAX_DEPTH)
      throw new XmlRefused(`The document nests deeper than ${MAX_DEPTH} elements`);
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('cdata', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof XmlRefused) throw error;
    throw new XmlRefused(`The document is not well-formed XML: ${(error as Error).message}`);
  }
  if (!root) throw new XmlRefused('The document has no root element');
  return root;
}

/** The first child element of that name (a path of names goes down level by level). */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) current = current?.children.find((c) => c.name === name);
  return current;
}

/** Every child element of that name. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** The trimmed text of the element at the path, or undefined when absent or empty. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | undefined {
  const text = child(element, ...path)?.text.trim();
  return text ? text : undefined;
}
