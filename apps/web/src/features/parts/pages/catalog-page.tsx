import { PART_SEARCH_SORTS, type PartSearchSort } from '@shop/contract/catalog';
import { CATALOG_PAGE_SIZE } from '@shop/contract/storefront';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { formatCount } from '../../../lib/format';
import { loadCatalog } from '../catalog-data';
import {
  type CatalogState,
  catalogSearch,
  filterCount,
  readCatalogState,
  SORT_LABELS,
} from '../catalog-state';
import { CategoryTree } from '../components/category-tree';
import { FacetPanel } from '../components/facet-panel';
import { FiltersDrawer } from '../components/filters-drawer';
import { ResultCard } from '../components/result-card';
import { categoryPath } from '../specification';

/** How long typing rests before the search runs. */
const TYPING_PAUSE_MS = 300;

/** The search the address asks for, and the categories (docs/api.md part three). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCatalog(context, readCatalogState(new URL(request.url).searchParams));
}

/**
 * The parts finder (/catalog): one search box (a part number, a tool model or words), the
 * category tree, and beside the results the chosen category's facets. Every choice is in the
 * address, so a link reproduces the search and the back button goes back through the choices.
 * The search runs as one types; the first change of a search adds an entry to the history, the
 * next letters of it replace that entry. Without the app the search box is a GET form of the
 * same address, and the categories are links; the server renders what they ask for.
 */
export function CatalogPage() {
  const [search, setSearch] = useSearchParams();
  const { result, refused, categories, replacements } = useLoaderData<typeof loader>();
  // The next choice's parts are on their way: the ones shown stay, dimmed, and the choices
  // already show what was chosen (a box ticked stays ticked while its parts load).
  const next = useNavigation().location;
  const busy = next?.pathname === '/catalog';
  const state = readCatalogState(busy && next ? new URLSearchParams(next.search) : search);
  const [draft, setDraft] = useState(state.q);
  const ids = useId();
  const listTop = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLInputElement>(null);
  /** The search waiting for the typing to rest. */
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Whether the address is one the typing added (its next letters replace it). */
  const typedEntry = useRef(false);

  const go = (next: CatalogState, replace = false) => {
    clearTimeout(pending.current);
    pending.current = undefined;
    if (!replace) typedEntry.current = false;
    setSearch(catalogSearch(next), { replace, preventScrollReset: true });
  };

  // The address changed by the back button or a link: the box shows its search.
  useEffect(() => {
    if (pending.current === undefined) setDraft(state.q);
  }, [state.q]);
  useEffect(() => () => clearTimeout(pending.current), []);
  // Words typed into the server's page before the app took it over stay in the box (React keeps
  // them there): the app searches for them as if they were typed now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app takes the page over
  useEffect(() => {
    const typed = box.current?.value ?? state.q;
    if (typed !== state.q) type(typed);
  }, []);

  const type = (value: string) => {
    setDraft(value);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = undefined;
      const q = value.trim();
      if (q === state.q) return;
      const replace = typedEntry.current;
      setSearch(catalogSearch({ ...state, q, offset: 0 }), { replace, preventScrollReset: true });
      typedEntry.current = true;
    }, TYPING_PAUSE_MS);
  };

  const toPage = (offset: number) => {
    go({ ...state, q: draft.trim(), offset });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  const total = result?.total;
  const chosen = categoryPath(categories ?? [], state.category);
  const sort = state.sort || (state.q ? 'relevance' : 'newest');
  const hidden = [...catalogSearch({ ...state, q: '', sort: '', offset: 0 })];
  return (
    <section>
      <PageHeading title="Catalog">Catalog</PageHeading>
      <search>
        <form
          action="/catalog"
          method="get"
          className="mb-4 flex flex-wrap items-end gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            go({ ...state, q: (box.current?.value ?? draft).trim(), offset: 0 });
          }}
        >
          <div className="min-w-64 flex-[1_1_20rem]">
            <label htmlFor={`${ids}-q`} className="mb-1 block font-medium">
              Search parts by number, tool model or words
            </label>
            <div className="flex gap-2">
              <input
                id={`${ids}-q`}
                ref={box}
                name="q"
                type="search"
                className="input input-bordered w-full min-w-0 flex-1"
                value={draft}
                maxLength={200}
                autoComplete="off"
                placeholder="T-24C, 10k 0603, heating element…"
                onChange={(event) => type(event.target.value)}
                onBlur={() => {
                  typedEntry.current = false;
                }}
              />
              <button type="submit" className="btn btn-primary">
                Search
              </button>
            </div>
          </div>
          {/* The other choices, kept by a search sent before the app runs. */}
          {hidden.map(([name, value]) => (
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
              onChange={(event) =>
                go({ ...state, q: draft.trim(), sort: event.target.value as PartSearchSort, offset: 0 })
              }
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
      <div className="sm:flex sm:gap-6">
        <FiltersDrawer
          count={filterCount(state)}
          shown={total === undefined ? 'Show results' : `Show ${partsText(total)}`}
        >
          <div className="space-y-6">
            {categories && <CategoryTree categories={categories} state={state} />}
            <FacetPanel state={state} facets={result?.facets ?? []} go={go} />
          </div>
        </FiltersDrawer>
        <div className="min-w-0 flex-1">
          <div ref={listTop} className="scroll-mt-24">
            {chosen.length > 0 && (
              <p className="mb-1 text-sm text-base-content/80">{chosen.map((c) => c.name).join(' › ')}</p>
            )}
            <p className="mb-4 text-base-content/80" aria-live="polite">
              {total === undefined
                ? ''
                : matchesText(total, state.q, chosen.at(-1)?.name, filterCount(state))}
            </p>
          </div>
          {refused && <p className="text-error">{`This search cannot be run. ${refused}`}</p>}
          {!result && !refused && <p className="text-base-content/70">The parts could not be loaded.</p>}
          {result && result.parts.length === 0 && (
            <p>
              {result.total > 0 ? (
                <>
                  This page is past the last one.{' '}
                  <Link
                    to={{ search: catalogSearch({ ...state, offset: 0 }).toString() }}
                    className="link link-primary"
                  >
                    Go to the first page
                  </Link>
                </>
              ) : state.q ? (
                `No part matches “${state.q}”${filterCount(state) > 0 || state.category ? ' with these choices' : ''}.`
              ) : filterCount(state) > 0 || state.category ? (
                'No part matches these choices.'
              ) : (
                'No parts are listed yet.'
              )}
            </p>
          )}
          {result && result.parts.length > 0 && (
            <div className={`grid gap-3 ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
              {result.parts.map((part, i) => (
                <ResultCard
                  key={part._id}
                  part={part}
                  categories={categories}
                  replacement={part.replacementId ? replacements[part.replacementId] : undefined}
                  eager={i < 3}
                />
              ))}
            </div>
          )}
          {total !== undefined && (
            <Pager offset={state.offset} limit={CATALOG_PAGE_SIZE} total={total} onChange={toPage} />
          )}
        </div>
      </div>
    </section>
  );
}

const partsText = (total: number) => `${formatCount(total)} ${total === 1 ? 'part' : 'parts'}`;

/** How many parts the search, the category or the whole catalog holds. */
export function matchesText(total: number, q: string, category?: string, filters = 0): string {
  const parts = partsText(total);
  if (q) return `${parts} found for “${q}”`;
  if (filters > 0) return `${parts} ${total === 1 ? 'matches' : 'match'} your choices`;
  return category ? `${parts} in ${category}` : `${parts} in the catalog`;
}
