import type { Category } from '@shop/contract/catalog';
import type { Part, PartSearchResult } from '@shop/contract/parts';
import { CATALOG_PAGE_SIZE } from '@shop/contract/storefront';
import { browserQueryClient } from '../../lib/query-client';
import { loadData, serverDataOf } from '../../lib/server-data';
import { categoriesQuery } from './api/get-categories';
import { partQuery } from './api/get-part';
import { catalogSearchQuery } from './api/search-parts';
import { type CatalogState, catalogSearch } from './catalog-state';

/** What the finder shows: the search's answer (or why the address asks for none), the categories, replacements. */
export interface CatalogData {
  result: PartSearchResult | null;
  /** The API's word on an address it refuses (a filter it cannot read, a category it has not). */
  refused: string | null;
  /** null when they could not be read. */
  categories: Category[] | null;
  /** The parts that replace the nrnd and obsolete parts shown, by id. */
  replacements: Record<string, Pick<Part, '_id' | 'name'>>;
}

/** An error the API answers with a status that says the request was at fault, its message. */
function refusal(error: unknown): string | null {
  // ApiError in the browser, the server's AppError on the server: both carry the status.
  const status = (error as { status?: unknown } | null)?.status;
  return (status === 400 || status === 404) && error instanceof Error ? error.message : null;
}

async function search(context: unknown, state: CatalogState) {
  const server = serverDataOf(context);
  const params = catalogSearch(state);
  params.set('limit', String(CATALOG_PAGE_SIZE));
  try {
    const result = server
      ? await server.search(Object.fromEntries(params))
      : await browserQueryClient().fetchQuery(catalogSearchQuery(state));
    return { result, refused: null };
  } catch (error) {
    return { result: null, refused: refusal(error) };
  }
}

/** The replacements of the parts shown that have one, read alongside (a handful at most). */
async function replacementsOf(context: unknown, parts: Part[]): Promise<CatalogData['replacements']> {
  const ids = [...new Set(parts.flatMap((part) => (part.replacementId ? [part.replacementId] : [])))];
  const found = await Promise.all(ids.map((id) => readPart(context, id)));
  return Object.fromEntries(
    found.flatMap((part) => (part ? [[part._id, { _id: part._id, name: part.name }]] : [])),
  );
}

/** One part, null when the catalog does not have it (or it could not be read). */
export const readPart = (context: unknown, id: string) =>
  loadData(context, (server) => server.part(id), { ...partQuery(id), meta: { quiet: true }, retry: false });

export const readCategories = (context: unknown) =>
  loadData(context, (server) => server.categories(), categoriesQuery());

/** The finder's loader: the search the address asks for and the categories, read together. */
export async function loadCatalog(context: unknown, state: CatalogState): Promise<CatalogData> {
  const [found, categories] = await Promise.all([search(context, state), readCategories(context)]);
  const replacements = found.result ? await replacementsOf(context, found.result.parts) : {};
  return { ...found, categories, replacements };
}
