import { type MessageLine, money } from './cxml.js';

/** OCI's short fields, at the lengths the protocol gives them (the long ones say the rest). */
const DESCRIPTION_LENGTH = 40;

/**
 * The `NEW_ITEM-…[n]` fields "Transfer to procurement" posts to an OCI HOOK_URL (OCI 4.0): each
 * line at the buyer's price, with their own part number as MATNR, our part id as VENDORMAT and
 * EXT_PRODUCT_ID, its classification's code (UNSPSC, else our category id) as MATGROUP, and the
 * whole name as its long text.
 */
export function ociFields(lines: readonly MessageLine[]): { name: string; value: string }[] {
  const fields: { name: string; value: string }[] = [
    { name: '~OkCode', value: 'ADDI' },
    { name: '~TARGET', value: '_top' },
    { name: '~CALLER', value: 'CTLG' },
  ];
  lines.forEach((line, index) => {
    const n = index + 1;
    const add = (field: string, value: string | undefined) => {
      if (value) fields.push({ name: `NEW_ITEM-${field}[${n}]`, value });
    };
    add('DESCRIPTION', line.name.slice(0, DESCRIPTION_LENGTH));
    add('MATNR', line.customerPartNumber);
    add('QUANTITY', String(line.quantity));
    add('UNIT', 'EA');
    add('PRICE', money(line.unitPrice));
    add('PRICEUNIT', '1');
    add('CURRENCY', 'USD');
    add('VENDORMAT', line.partsId);
    add('EXT_PRODUCT_ID', line.partsId);
    add('MANUFACTMAT', line.mpn);
    add('MATGROUP', line.classification.code);
    fields.push({
      name: `NEW_ITEM-LONGTEXT_${n}:132[]`,
      value: line.reference ? `${line.name} (${line.reference})` : line.name,
    });
  });
  return fields;
}
