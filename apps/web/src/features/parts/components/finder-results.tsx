import type { Category } from '@shop/contract/catalog';
import { CATALOG_PAGE_SIZE } from '@shop/contract/storefront';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { formatCount } from '../../../lib/format';
import type { CatalogData } from '../catalog-data';
import { type CatalogState, catalogSearch, filterCount } from '../catalog-state';
import { ResultCard } from './result-card';

export const partsText = (total: number) => `${formatCount(total)} ${total === 1 ? 'part' : 'parts'}`;

/** How many parts the search, the category or the whole catalog holds. */
export function matchesText(total: number, q: string, category?: string, filters = 0): string {
  const parts = partsText(total);
  if (q) return `${parts} found for “${q}”`;
  if (filters > 0) return `${parts} ${total === 1 ? 'matches' : 'match'} your choices`;
  return category ? `${parts} in ${category}` : `${parts} in the catalog`;
}

/** Why nothing is listed: past the last page, nothing matches, or an empty catalog. */
function NothingListed({ total, state }: { total: number; state: CatalogState }) {
  const narrowed = filterCount(state) > 0 || state.category !== '' || state.tool !== '';
  if (total > 0)
    return (
      <p>
        This page is past the last one.{' '}
        <Link
          to={{ search: catalogSearch({ ...state, offset: 0 }).toString() }}
          className="link link-primary"
        >
          Go to the first page
        </Link>
      </p>
    );
  if (state.q) return <p>{`No part matches “${state.q}”${narrowed ? ' with these choices' : ''}.`}</p>;
  return <p>{narrowed ? 'No part matches these choices.' : 'No parts are listed yet.'}</p>;
}

/** The finder's answer: where it looks, how many it found, a page of them and the pager. */
export function FinderResults({
  ref,
  data,
  state,
  busy,
  heading,
  onPage,
}: {
  /** The top of the list, which the pager scrolls to. */
  ref: Ref<HTMLDivElement>;
  data: CatalogData;
  state: CatalogState;
  /** The next choice's parts are on their way: the ones shown stay, dimmed. */
  busy: boolean;
  /** The chosen category and those above it. */
  heading: Category[];
  onPage: (offset: number) => void;
}) {
  const { result, refused, categories, replacements } = data;
  const total = result?.total;
  return (
    <div className="min-w-0 flex-1">
      <div ref={ref} className="scroll-mt-24">
        {heading.length > 0 && (
          <p className="mb-1 text-sm text-base-content/80">{heading.map((c) => c.name).join(' › ')}</p>
        )}
        {state.tool && (
          <p className="mb-1 text-sm text-base-content/80">
            The parts of one tool model.{' '}
            <Link
              to={{ search: catalogSearch({ ...state, tool: '', offset: 0 }).toString() }}
              className="link link-primary"
            >
              Show every part
            </Link>
          </p>
        )}
        <p className="mb-4 text-base-content/80" aria-live="polite">
          {total === undefined
            ? ''
            : matchesText(total, state.q, heading.at(-1)?.name, filterCount(state) + (state.tool ? 1 : 0))}
        </p>
      </div>
      {refused && <p className="text-error">{`This search cannot be run. ${refused}`}</p>}
      {!result && !refused && <p className="text-base-content/70">The parts could not be loaded.</p>}
      {result && result.parts.length === 0 && <NothingListed total={result.total} state={state} />}
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
        <Pager
          offset={state.offset}
          limit={CATALOG_PAGE_SIZE}
          total={total}
          onChange={onPage}
          // Links too, so that a browser without scripts pages through the server's pages.
          hrefOf={(offset) => `/catalog?${catalogSearch({ ...state, offset })}`}
        />
      )}
    </div>
  );
}
