import { CATALOG_PAGE_SIZE, PART_SORTS, type PartSort } from '@shop/contract/storefront';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { formatCount } from '../../../lib/format';
import { loadData } from '../../../lib/server-data';
import { partsQuery } from '../api/get-parts';
import {
  type CatalogState,
  catalogRequest,
  catalogSearch,
  pageAt,
  readCatalogState,
  SORT_LABELS,
} from '../catalog-state';
import { PartCard } from '../components/part-card';

/** How long typing rests before the search runs. */
const TYPING_PAUSE_MS = 300;

/** The page of parts the address asks for. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const query = catalogRequest(readCatalogState(new URL(request.url).searchParams));
  return loadData(context, (data) => data.parts(query), partsQuery(query));
}

/**
 * The whole catalog (/catalog): searched by name, sorted, a page at a time, all of it in the
 * address (?q=&sort=&page=) so a page can be shared and the back button goes back through them.
 * The search runs as one types; the first change of a search adds an entry to the history, the
 * next letters of it replace that entry (the back button goes to before the search, not letter by
 * letter). Without the app the form still works: it is a GET form of the same address, which the
 * server renders.
 */
export function CatalogPage() {
  const [search, setSearch] = useSearchParams();
  const state = readCatalogState(search);
  const parts = useLoaderData<typeof loader>();
  // The next page's parts are on their way: the ones shown stay, dimmed.
  const busy = useNavigation().location?.pathname === '/catalog';
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
    setSearch(catalogSearch(next), { replace, preventScrollReset: true });
  };
  const leaveTyping = () => {
    typedEntry.current = false;
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
      go({ ...state, q, page: 1 }, typedEntry.current);
      typedEntry.current = true;
    }, TYPING_PAUSE_MS);
  };

  const toPage = (offset: number) => {
    leaveTyping();
    go({ ...state, page: pageAt(offset) });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  const total = parts?.total;
  return (
    <section>
      <PageHeading title="Catalog">Catalog</PageHeading>
      <search>
        <form
          action="/catalog"
          method="get"
          className="mb-6 flex flex-wrap items-end gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            leaveTyping();
            go({ ...state, q: (box.current?.value ?? draft).trim(), page: 1 });
          }}
        >
          <div className="min-w-64 flex-[1_1_20rem]">
            <label htmlFor={`${ids}-q`} className="mb-1 block font-medium">
              Search parts by name
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
                onChange={(event) => type(event.target.value)}
                onBlur={leaveTyping}
              />
              <button type="submit" className="btn btn-primary">
                Search
              </button>
            </div>
          </div>
          <div>
            <label htmlFor={`${ids}-sort`} className="mb-1 block font-medium">
              Sort by
            </label>
            <select
              id={`${ids}-sort`}
              name="sort"
              className="select select-bordered w-full"
              value={state.sort}
              onChange={(event) => {
                leaveTyping();
                go({ ...state, q: draft.trim(), sort: event.target.value as PartSort, page: 1 });
              }}
            >
              {PART_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        </form>
      </search>
      <div ref={listTop} className="scroll-mt-24">
        <p className="mb-4 text-base-content/80" aria-live="polite">
          {total === undefined ? '' : matchesText(total, state.q)}
        </p>
      </div>
      {!parts && <p className="text-base-content/70">The parts could not be loaded.</p>}
      {parts && parts.parts.length === 0 && (
        <p>
          {parts.total > 0 ? (
            <>
              This page is past the last one.{' '}
              <Link
                to={{ search: catalogSearch({ ...state, page: 1 }).toString() }}
                className="link link-primary"
              >
                Go to the first page
              </Link>
            </>
          ) : state.q ? (
            `No part's name holds “${state.q}”.`
          ) : (
            'No parts are listed yet.'
          )}
        </p>
      )}
      {parts && parts.parts.length > 0 && (
        <div
          className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}
          aria-busy={busy}
        >
          {parts.parts.map((part, i) => (
            <PartCard key={part._id} part={part} eager={i < 3} Heading="h2" />
          ))}
        </div>
      )}
      {total !== undefined && (
        <Pager
          offset={(state.page - 1) * CATALOG_PAGE_SIZE}
          limit={CATALOG_PAGE_SIZE}
          total={total}
          onChange={toPage}
        />
      )}
    </section>
  );
}

/** How many parts the catalog or the search holds. */
export function matchesText(total: number, q: string): string {
  const parts = `${formatCount(total)} ${total === 1 ? 'part' : 'parts'}`;
  return q ? `${parts} found for “${q}”` : `${parts} in the catalog`;
}
