import type { PartDocument } from '@shop/contract/catalog';
import { newId } from '../../clock.js';
import type { CategoriesTable, NewPart, PartValuesTable } from '../schema.js';
import { nameSortKey, partNumberKey, searchForm } from '../text-search.js';
import type { DemoPart } from './demo-catalog.js';
import { demoCategories } from './demo-categories.js';
import { demoSpareParts } from './demo-spares.js';

/** The demo's rows, ready for one insert per table: categories first, then parts and their values. */
export interface DemoRows {
  categories: CategoriesTable[];
  /** The categories' ids by their demo key (demo-categories.ts). */
  categoryIds: Map<string, string>;
  parts: NewPart[];
  values: PartValuesTable[];
}

/**
 * The demo catalog as rows: the tools (demoParts) first, then the spare parts with their
 * category, numbers, lifecycle, replacement, documents and the `part_values` the filters read
 * (as parts/specification.ts writes them for a part added through the API).
 */
export function demoRows(
  tools: DemoPart[],
  pictureOf: (picture: string) => string,
  documentsOf: (family: string) => PartDocument[],
  start: number,
): DemoRows {
  const categoryIds = new Map(demoCategories.map((category) => [category.key, newId()]));
  const categories = demoCategories.map((category, i) => ({
    id: categoryIds.get(category.key) as string,
    name: category.name,
    parent_id: category.parent ? (categoryIds.get(category.parent) ?? null) : null,
    attributes: JSON.stringify(category.attributes),
    // No UNSPSC code: a demo category's parts go to procurement by their category id.
    unspsc: null,
    created_at: new Date(start + i).toISOString(),
  }));
  const base = (name: string, i: number) => ({
    id: newId(),
    name,
    name_search: searchForm(name),
    name_sort: nameSortKey(name),
    created_at: new Date(start + i * 1000).toISOString(),
    deleted_at: null,
  });
  const parts: NewPart[] = tools.map((part, i) => ({
    ...base(part.name, i),
    desc: part.desc,
    img: pictureOf(part.picture),
    price_per_piece: part.price_per_piece,
    available_quantity: part.available_quantity,
    min_order_quantity: part.min_order_quantity,
    // Every row names every column: SQLite has no DEFAULT in a multi-row insert's values.
    price_breaks: '[]',
    category_id: null,
    mpn: null,
    mpn_key: null,
    manufacturer: null,
    lifecycle: 'active' as const,
    replacement_id: null,
    attributes: '{}',
    documents: '[]',
  }));
  const idByMpn = new Map<string, string>();
  const spares = demoSpareParts.map((part, i) => {
    const row = base(part.name, tools.length + i);
    idByMpn.set(part.mpn, row.id);
    return { part, row };
  });
  const values: PartValuesTable[] = [];
  for (const { part, row } of spares) {
    const categoryId = categoryIds.get(part.category) as string;
    parts.push({
      ...row,
      desc: part.desc,
      img: pictureOf(part.picture),
      price_per_piece: part.price_per_piece,
      available_quantity: part.available_quantity,
      min_order_quantity: part.min_order_quantity,
      price_breaks: JSON.stringify(part.price_breaks ?? []),
      category_id: categoryId,
      mpn: part.mpn,
      mpn_key: partNumberKey(part.mpn),
      manufacturer: part.manufacturer,
      lifecycle: part.lifecycle ?? 'active',
      replacement_id: part.replacement ? (idByMpn.get(part.replacement) ?? null) : null,
      attributes: JSON.stringify(part.attributes),
      documents: JSON.stringify(documentsOf(part.family)),
    });
    for (const [key, value] of Object.entries(part.attributes))
      values.push({
        part_id: row.id,
        category_id: categoryId,
        key,
        num: typeof value === 'number' ? value : null,
        txt: typeof value === 'number' ? null : String(value),
      });
  }
  return { categories, categoryIds, parts, values };
}
