import { describe, expect, it } from 'vitest';
import {
  checkedAction,
  POST_FROM,
  procurementForm,
  sendThroughPunchoutPage,
  takePendingTransfer,
} from './procurement-form';

/** Just enough of a document to make a form and its inputs. */
interface Made {
  tag: string;
  children: Made[];
  append: (child: Made) => void;
  [key: string]: unknown;
}
const fakeDocument = {
  createElement: (tag: string) => {
    const made: Made = { tag, children: [], append: (child: Made) => void made.children.push(child) };
    return made;
  },
} as unknown as Pick<Document, 'createElement'>;

describe('the form for the procurement system', () => {
  it('posts every field as a hidden input to the action, the window over', () => {
    const form = procurementForm(fakeDocument, {
      action: 'https://procurement.example/return?session=7',
      fields: [
        { name: 'NEW_ITEM-DESCRIPTION[1]', value: 'Soldering tip <2 mm> & "fine"' },
        { name: 'NEW_ITEM-QUANTITY[1]', value: '10' },
      ],
    }) as unknown as Made;
    expect(form).toMatchObject({
      tag: 'form',
      method: 'post',
      action: 'https://procurement.example/return?session=7',
      target: '_top',
      hidden: true,
    });
    expect(form.children.map(({ tag, type, name, value }) => ({ tag, type, name, value }))).toEqual([
      {
        tag: 'input',
        type: 'hidden',
        name: 'NEW_ITEM-DESCRIPTION[1]',
        value: 'Soldering tip <2 mm> & "fine"',
      },
      { tag: 'input', type: 'hidden', name: 'NEW_ITEM-QUANTITY[1]', value: '10' },
    ]);
  });

  it('goes only to a web address', () => {
    expect(checkedAction('http://localhost:4100/oci-hook')).toBe('http://localhost:4100/oci-hook');
    expect(() => checkedAction('javascript:alert(1)')).toThrow(/no web address/);
    expect(() => checkedAction('/relative')).toThrow(/no address/);
  });
});

describe('the transfer handed to the /punchout page', () => {
  it('waits in session storage for the one load that posts it', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    } as Storage;
    const loaded: string[] = [];
    const answer = {
      action: 'https://ariba.example/return',
      fields: [{ name: 'cxml-urlencoded', value: '<cXML/>' }],
    };
    sendThroughPunchoutPage(answer, storage, { replace: (to: string) => void loaded.push(to) } as Location);
    expect(loaded).toEqual([POST_FROM]);
    expect(takePendingTransfer(storage)).toEqual(answer);
    expect(takePendingTransfer(storage)).toBeNull();
    values.set('shop.punchout.transfer', '{"action":7}');
    expect(takePendingTransfer(storage)).toBeNull();
    expect(values.size).toBe(0);
  });
});
