import { useEffect, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { useBuyerSearch } from '../api/buyer-search';
import { loadCatalog } from '../catalog-data';
import { type CatalogState, catalogSearch, filterCount, readCatalogState } from '../catalog-state';
import { CategoryTree } from '../components/category-tree';
import { FacetPanel } from '../components/facet-panel';
import { FiltersDrawer } from '../components/filters-drawer';
import { FinderResults, partsText } from '../components/finder-results';
import { FinderSearchForm } from '../components/finder-search-form';
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
  const data = useLoaderData<typeof loader>();
  const { result, categories } = data;
  // A signed-in buyer sees the search as theirs: their company's prices, the parts their own
  // part numbers name (the search the address names now; the server's page is everyone's).
  const mine = useBuyerSearch(readCatalogState(search), result);
  const shown = { ...data, result: mine };
  // The next choice's parts are on their way: the ones shown stay, dimmed, and the choices
  // already show what was chosen (a box ticked stays ticked while its parts load).
  const next = useNavigation().location;
  const busy = next?.pathname === '/catalog';
  const state = readCatalogState(busy && next ? new URLSearchParams(next.search) : search);
  const [draft, setDraft] = useState(state.q);
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

  const total = mine?.total;
  return (
    <section>
      <PageHeading title="Catalog">Catalog</PageHeading>
      <FinderSearchForm
        boxRef={box}
        draft={draft}
        sort={state.sort || (state.q ? 'relevance' : 'newest')}
        kept={catalogSearch({ ...state, q: '', sort: '', offset: 0 })}
        onType={type}
        onLeaveBox={() => {
          typedEntry.current = false;
        }}
        onSearch={(q) => go({ ...state, q, offset: 0 })}
        onSort={(sort) => go({ ...state, q: draft.trim(), sort, offset: 0 })}
      />
      <div className="sm:flex sm:gap-6">
        <FiltersDrawer
          count={filterCount(state)}
          shown={total === undefined ? 'Show results' : `Show ${partsText(total)}`}
        >
          <div className="space-y-6">
            {categories && <CategoryTree categories={categories} state={state} />}
            <FacetPanel state={state} facets={mine?.facets ?? []} go={go} />
          </div>
        </FiltersDrawer>
        <FinderResults
          ref={listTop}
          data={shown}
          state={state}
          busy={busy}
          heading={categoryPath(categories ?? [], state.category)}
          onPage={toPage}
        />
      </div>
    </section>
  );
}
