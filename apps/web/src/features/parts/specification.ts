import type { Category, CategoryAttribute } from '@shop/contract/catalog';
import { formatMeasure } from '@shop/contract/measures';
import type { Part } from '@shop/contract/parts';

type Value = number | string | boolean;

/**
 * A number as the pages write it: with its prefix and unit as the API's formatMeasure does
 * (`4.7 µF`, `2.4 mm`); without a unit as it is (formatMeasure would write 0.0016 as `1.6 m`,
 * which reads as metres).
 */
export const measureText = (value: number, unit?: string): string =>
  unit ? formatMeasure(value, unit) : String(value);

/** An attribute's value as the pages write it: numbers by measureText, yes/no, texts as they are. */
export function valueText(value: Value, unit?: string): string {
  if (typeof value === 'number') return measureText(value, unit);
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
