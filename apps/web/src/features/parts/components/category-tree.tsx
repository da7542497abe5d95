import type { Category } from '@shop/contract/catalog';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { type CatalogState, catalogSearch, inCategory } from '../catalog-state';

/**
 * The categories to choose from, as a tree with the parts each holds (its sub-categories'
 * included). Each is a link of the finder's address: it works before the app runs, and opens in
 * a new tab.
 */
export function CategoryTree({ categories, state }: { categories: Category[]; state: CatalogState }) {
  const children = (parent: string | undefined) =>
    categories.filter((category) => category.parentId === parent);
  const item = (category: Category) => {
    const below = children(category._id);
    const chosen = category._id === state.category;
    return (
      <li key={category._id}>
        <Link
          to={{ search: catalogSearch(inCategory(state, category._id)).toString() }}
          aria-current={chosen ? 'true' : undefined}
          className={`flex justify-between gap-2 rounded px-2 py-1 hover:bg-base-200 ${chosen ? 'bg-primary/10 font-semibold text-primary' : ''}`}
        >
          <span>{category.name}</span>
          <span className="text-base-content/70">{formatCount(category.partCount)}</span>
        </Link>
        {below.length > 0 && <ul className="ml-3 border-l border-base-300 pl-1">{below.map(item)}</ul>}
      </li>
    );
  };
  return (
    <nav aria-label="Categories" className="text-sm">
      <h2 className="mb-1 font-semibold">Categories</h2>
      <ul>
        <li>
          <Link
            to={{ search: catalogSearch(inCategory(state, '')).toString() }}
            aria-current={state.category === '' ? 'true' : undefined}
            className={`block rounded px-2 py-1 hover:bg-base-200 ${state.category === '' ? 'bg-primary/10 font-semibold text-primary' : ''}`}
          >
            All categories
          </Link>
        </li>
        {children(undefined).map(item)}
      </ul>
    </nav>
  );
}
