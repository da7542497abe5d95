import type { Facet } from '@shop/contract/catalog';
import { formatCount } from '../../../lib/format';
import { type CatalogState, filterCount, filterValues, withFilter } from '../catalog-state';
import { valueText } from '../specification';
import { NumberFacet } from './number-facet';

/**
 * The choices beside the results: in stock, active parts, and each facet of the category (or of
 * the parts found) with the count each value would leave.
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
  const toggle = (label: string, on: boolean, next: CatalogState) => (
    <label className="flex cursor-pointer items-center gap-2">
      <input
        // Not controlled: a tick shows at once, while the router's update waits for the parts;
        // the address changed otherwise (back, Clear), the box is made again from it.
        key={String(on)}
        type="checkbox"
        className="checkbox checkbox-sm checkbox-primary"
        defaultChecked={on}
        onChange={() => go({ ...next, offset: 0 })}
      />
      {label}
    </label>
  );
  return (
    <div className="space-y-5 text-sm">
      <div className="space-y-2">
        {toggle('In stock only', state.inStock, { ...state, inStock: !state.inStock })}
        {toggle('Active parts only', state.activeOnly, { ...state, activeOnly: !state.activeOnly })}
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
      {filterCount(state) > 0 && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => go({ ...state, filters: {}, inStock: false, activeOnly: false, offset: 0 })}
        >
          Clear filters
        </button>
      )}
    </div>
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
  return (
    <fieldset>
      <legend className="mb-1 font-semibold">{facet.name}</legend>
      <ul className="space-y-0.5">
        {facet.values.map(({ value, count }) => (
          <li key={String(value)}>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                // Not controlled, as the toggles above.
                key={String(ticked.includes(String(value)))}
                type="checkbox"
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
