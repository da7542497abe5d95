import type { Category, CategoryAttribute } from '@shop/contract/catalog';
import { formatMeasure } from '@shop/contract/measures';
import type { Part } from '@shop/contract/parts';

type Value = number | string | boolean;

/** An attribute's value as the pages write it: numbers with their prefix and unit (`4.7 µF`, `2.4 mm`). */
export function valueText(value: Value, unit?: string): string {
  if (typeof value === 'number') return formatMeasure(value, unit);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** A part's specification in its category's order, each value with its attribute's name. */
export function specificationOf(
  part: Pick<Part, 'categoryId' | 'attributes'>,
  categories: readonly Category[] | null | undefined,
): { key: string; name: string; text: string }[] {
  const attributes: CategoryAttribute[] =
    categories?.find((category) => category._id === part.categoryId)?.attributes ?? [];
  const known = attributes.flatMap((attribute) => {
    const value = part.attributes[attribute.key];
    return value === undefined
      ? []
      : [{ key: attribute.key, name: attribute.name, text: valueText(value, attribute.unit) }];
  });
  // Values the categories do not name (they could not be read): shown under their key.
  const rest = Object.entries(part.attributes)
    .filter(([key]) => !attributes.some((attribute) => attribute.key === key))
    .map(([key, value]) => ({ key, name: key, text: valueText(value) }));
  return [...known, ...rest];
}

/** The categories from the top down to `id` (its breadcrumb), none for an unknown one. */
export function categoryPath(categories: readonly Category[], id: string): Category[] {
  const path: Category[] = [];
  let at = categories.find((category) => category._id === id);
  while (at && path.length < 20) {
    path.unshift(at);
    const parent = at.parentId;
    at = parent ? categories.find((category) => category._id === parent) : undefined;
  }
  return path;
}
