import type { Category } from '@shop/contract/catalog';

/** A category with its depth in the tree and its full name ("Soldering › Tips"). */
export interface PlacedCategory extends Category {
  depth: number;
  path: string;
}

/** The categories in tree order (each followed by its sub-categories, by name), with their depth. */
export function inTreeOrder(categories: readonly Category[]): PlacedCategory[] {
  const children = new Map<string | undefined, Category[]>();
  const ids = new Set(categories.map((category) => category._id));
  for (const category of categories) {
    // A parent the list does not hold (it cannot happen; if it did) puts the category at the top.
    const parent = category.parentId && ids.has(category.parentId) ? category.parentId : undefined;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const placed: PlacedCategory[] = [];
  const visit = (parent: string | undefined, depth: number, prefix: string) => {
    const below = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const category of below) {
      const path = prefix ? `${prefix} › ${category.name}` : category.name;
      placed.push({ ...category, depth, path });
      visit(category._id, depth + 1, path);
    }
  };
  visit(undefined, 0, '');
  return placed;
}
