import { describe, expect, it } from 'vitest';
import { checkedAction, procurementForm } from './procurement-form';

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
