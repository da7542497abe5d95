import type { PartSearchResult } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../auth';
import type { CatalogState } from '../catalog-state';
import { catalogSearchQuery } from './search-parts';
import { PRICES_FRESH_MS } from './storefront-prices';

/**
 * The finder's answer as the signed-in buyer sees it. The page the server renders is everyone's
 * (the token is in the browser's storage, not on the request), so the search is asked again with
 * the buyer's token, and its answer is the page's: their contract prices, and the parts their own
 * part numbers name, which everyone's search does not find (docs/api.md, "Customer part numbers").
 * Asked whatever everyone's search found, nothing included. In the browser the loader has read it
 * so already: the same query, from the cache. Until it answers, everyone's answer shows.
 */
export function useBuyerSearch(
  state: CatalogState,
  result: PartSearchResult | null,
): PartSearchResult | null {
  const signedIn = useSession().status === 'signed-in';
  const mine = useQuery({
    ...catalogSearchQuery(state),
    enabled: signedIn && result !== null,
    staleTime: PRICES_FRESH_MS,
  });
  return signedIn && result && mine.data ? mine.data : result;
}
