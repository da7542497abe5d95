import { PART_SEARCH_SORTS, type PartSearchSort } from '@shop/contract/storefront';
import { type Ref, useId } from 'react';
import { SORT_LABELS } from '../catalog-state';

/**
 * The finder's search box and sort. Before the app runs it is a GET form of /catalog that keeps
 * the other choices (`kept`) in hidden fields; the server renders what it sends.
 */
export function FinderSearchForm({
  boxRef,
  draft,
  sort,
  kept,
  onType,
  onLeaveBox,
  onSearch,
  onSort,
}: {
  boxRef: Ref<HTMLInputElement>;
  /** What the box shows (the typing, ahead of the address). */
  draft: string;
  sort: PartSearchSort;
  /** The category, filters and toggles, as the address carries them. */
  kept: URLSearchParams;
  onType: (value: string) => void;
  onLeaveBox: () => void;
  onSearch: (q: string) => void;
  onSort: (sort: PartSearchSort) => void;
}) {
  const ids = useId();
  return (
    <search>
      <form
        action="/catalog"
        method="get"
        className="mb-4 flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const box = event.currentTarget.elements.namedItem('q') as HTMLInputElement | null;
          onSearch((box?.value ?? draft).trim());
        }}
      >
        <div className="min-w-64 flex-[1_1_20rem]">
          <label htmlFor={`${ids}-q`} className="mb-1 block font-medium">
            Search parts by number, tool model or words
          </label>
          <div className="flex gap-2">
            <input
              id={`${ids}-q`}
              ref={boxRef}
              name="q"
              type="search"
              className="input input-bordered w-full min-w-0 flex-1"
              value={draft}
              maxLength={200}
              autoComplete="off"
              placeholder="T-24C, RC0603FR-0710KL, heating element…"
              onChange={(event) => onType(event.target.value)}
              onBlur={onLeaveBox}
            />
            <button type="submit" className="btn btn-primary">
              Search
            </button>
          </div>
        </div>
        {[...kept].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div>
          <label htmlFor={`${ids}-sort`} className="mb-1 block font-medium">
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
            name="sort"
            className="select select-bordered w-full"
            value={sort}
            onChange={(event) => onSort(event.target.value as PartSearchSort)}
          >
            {PART_SEARCH_SORTS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </form>
    </search>
  );
}
