import type { Facet } from '@shop/contract/catalog';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { useHydrated } from '../../../lib/hydrated';
import { isPlainClick } from '../../../lib/plain-click';
import { type CatalogState, catalogSearch, filterCount, filterValues, withFilter } from '../catalog-state';
import { valueText } from '../specification';
import { NumberFacet } from './number-facet';

/**
 * The choices beside the results: in stock, active parts, and each facet of the category (or of
 * the parts found) with the count each value would leave. With the app, a choice changes the
 * address at once (`go`). Without it, the choices are a GET form of /catalog whose fields are
 * named as the address names them (catalog-state.ts: `inStock=true`, `lifecycle=active`, a
 * ticked value as `f.<key>=<value>`), the search, category, tool and sort kept in hidden fields,
 * and "Apply filters" sends them: the server renders the page they ask for.
 */
export function FacetPanel({
  state,
  facets,
  go,
}: {
  state: CatalogState;
  facets: Facet[];
  go: (next: CatalogState) => void;
}) {
  const hydrated = useHydrated();
  const toggle = (label: string, on: boolean, field: [string, string], next: CatalogState) => (
    <label className="flex cursor-pointer items-center gap-2">
      <input
        // Not controlled: a tick shows at once, while the router's update waits for the parts;
        // the address changed otherwise (back, Clear), the box is made again from it.
        key={String(on)}
        type="checkbox"
        name={field[0]}
        value={field[1]}
        className="checkbox checkbox-sm checkbox-primary"
        defaultChecked={on}
        onChange={() => go({ ...next, offset: 0 })}
      />
      {label}
    </label>
  );
  // What the form keeps as it is: the search, category, tool and sort; and a filter the page
  // shows no facet for (the address named it), so that applying the others does not drop it.
  const cleared = { ...state, filters: {}, inStock: false, activeOnly: false, offset: 0 };
  const kept = [
    ...catalogSearch(cleared),
    ...Object.entries(state.filters).flatMap(([key, value]) =>
      facets.some((facet) => facet.key === key) ? [] : [[`f.${key}`, value] as const],
    ),
  ];
  return (
    <form
      method="get"
      action="/catalog"
      className="space-y-5 text-sm"
      // With the app each choice has applied itself; Enter in a range is the range's (number-facet.tsx).
      onSubmit={(event) => event.preventDefault()}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="space-y-2">
        {toggle('In stock only', state.inStock, ['inStock', 'true'], { ...state, inStock: !state.inStock })}
        {toggle('Active parts only', state.activeOnly, ['lifecycle', 'active'], {
          ...state,
          activeOnly: !state.activeOnly,
        })}
      </div>
      {facets.map((facet) =>
        facet.type === 'number' ? (
          <NumberFacet
            key={`${state.category}-${facet.key}`}
            facet={facet}
            value={state.filters[facet.key] ?? ''}
            onChange={(value) => go(withFilter(state, facet.key, value))}
          />
        ) : (
          <ListFacet key={facet.key} facet={facet} state={state} go={go} />
        ),
      )}
      <div className="flex flex-wrap gap-2">
        {!hydrated && (
          <button type="submit" className="btn btn-primary btn-sm">
            Apply filters
          </button>
        )}
        {filterCount(state) > 0 && (
          // A link, so that it works before the app runs too.
          <Link
            to={{ search: catalogSearch(cleared).toString() }}
            preventScrollReset
            className="btn btn-ghost btn-sm"
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              go(cleared);
            }}
          >
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}

/** A text or yes/no attribute's values as boxes to tick, any of them. */
function ListFacet({
  facet,
  state,
  go,
}: {
  facet: Facet;
  state: CatalogState;
  go: (next: CatalogState) => void;
}) {
  const ticked = filterValues(state.filters[facet.key]);
  const tick = (value: string, on: boolean) =>
    go(
      withFilter(
        state,
        facet.key,
        [...ticked.filter((item) => item !== value), ...(on ? [value] : [])].join(','),
      ),
    );
  if (!facet.values?.length) return null;
  const listed = facet.values.map(({ value }) => String(value));
  return (
    <fieldset>
      {/* A value ticked that the list does not show stays chosen when the form is sent. */}
      {ticked
        .filter((value) => !listed.includes(value))
        .map((value) => (
          <input key={value} type="hidden" name={`f.${facet.key}`} value={value} />
        ))}
      <legend className="mb-1 font-semibold">{facet.name}</legend>
      <ul className="space-y-0.5">
        {facet.values.map(({ value, count }) => (
          <li key={String(value)}>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                // Not controlled, as the toggles above.
                key={String(ticked.includes(String(value)))}
                type="checkbox"
                name={`f.${facet.key}`}
                value={String(value)}
                className="checkbox checkbox-sm"
                defaultChecked={ticked.includes(String(value))}
                onChange={(event) => tick(String(value), event.target.checked)}
              />
              <span className="flex-1">{valueText(value)}</span>
              <span className="text-base-content/70">{formatCount(count)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
