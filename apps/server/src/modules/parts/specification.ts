import type { CategoryAttribute } from '@shop/contract/catalog';
import { parseMeasure } from '@shop/contract/measures';
import type { NewPartBody } from '@shop/contract/parts';
import type { Database } from '../../db/database.js';
import type { PartRow, PartValuesTable } from '../../db/schema.js';
import { partNumberKey } from '../../db/text-search.js';
import { AppError } from '../../http/app-error.js';
import { type CategoryTree, categoryTree } from '../categories/index.js';
import { findPart } from './repository.js';

/** 422 `validation` naming the field: the body is well formed but does not fit the catalog. */
const unfit = (message: string) => new AppError('validation', message, 422);

type Value = number | string | boolean;

/** The columns a part's specification fills, and its rows for the filters. */
export interface Specification {
  columns: Pick<
    PartRow,
    | 'category_id'
    | 'mpn'
    | 'mpn_key'
    | 'manufacturer'
    | 'lifecycle'
    | 'replacement_id'
    | 'attributes'
    | 'documents'
  >;
  values: Omit<PartValuesTable, 'part_id'>[];
}

/** A value read as its attribute's type says (a number also as written: `4.7u`, `10kΩ`), or undefined. */
function readValue(attribute: CategoryAttribute, value: Value): Value | undefined {
  switch (attribute.type) {
    case 'number':
      if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
      return typeof value === 'string' ? parseMeasure(value, attribute.unit) : undefined;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : undefined;
    default: {
      if (typeof value !== 'string') return undefined;
      const trimmed = value.trim();
      return trimmed === '' ? undefined : trimmed;
    }
  }
}

const typeWords: Record<CategoryAttribute['type'], string> = {
  number: 'a number',
  text: 'a text',
  boolean: 'true or false',
};

/**
 * A part's category, numbers, lifecycle, replacement, documents and attributes, checked against
 * the catalog: the category exists, each attribute is one it defines and of its type (422
 * naming it), the replacement is another part. `kept`: the row of an edited part, whose fields
 * the body leaves out stay as they are.
 */
export async function specificationOf(
  db: Database,
  body: NewPartBody,
  kept?: PartRow,
  known?: CategoryTree,
): Promise<Specification> {
  const categoryId = body.categoryId === undefined ? (kept?.category_id ?? null) : body.categoryId;
  const given: Record<string, Value> =
    body.attributes ?? (kept && categoryId === kept.category_id ? JSON.parse(kept.attributes) : {});
  const tree = known ?? (await categoryTree(db));
  if (categoryId && !tree.byId.has(categoryId)) throw unfit('categoryId: no such category');
  const defined = categoryId ? tree.attributesOf(categoryId) : [];
  const attributes: Record<string, Value> = {};
  const values: Specification['values'] = [];
  for (const [key, raw] of Object.entries(given)) {
    const attribute = defined.find((candidate) => candidate.key === key);
    if (!attribute)
      throw unfit(
        categoryId
          ? `attributes.${key}: the part's category has no attribute ${key}`
          : `attributes.${key}: the part has no category`,
      );
    const value = readValue(attribute, raw);
    if (value === undefined)
      throw unfit(
        `attributes.${key}: must be ${typeWords[attribute.type]}${attribute.unit ? ` in ${attribute.unit}` : ''}`,
      );
    attributes[key] = value;
    values.push({
      category_id: categoryId as string,
      key,
      num: typeof value === 'number' ? value : null,
      txt: typeof value === 'number' ? null : String(value),
    });
  }
  const replacementId =
    body.replacementId === undefined ? (kept?.replacement_id ?? null) : body.replacementId;
  if (replacementId && (replacementId === kept?.id || !(await findPart(db, replacementId))))
    throw unfit('replacementId: must be another part in the catalog');
  const mpn = body.mpn === undefined ? (kept?.mpn ?? null) : body.mpn;
  return {
    columns: {
      category_id: categoryId,
      mpn,
      mpn_key: mpn ? partNumberKey(mpn) : null,
      manufacturer: body.manufacturer === undefined ? (kept?.manufacturer ?? null) : body.manufacturer,
      lifecycle: body.lifecycle ?? kept?.lifecycle ?? 'active',
      replacement_id: replacementId,
      attributes: JSON.stringify(attributes),
      documents: body.documents ? JSON.stringify(body.documents) : (kept?.documents ?? '[]'),
    },
    values,
  };
}
