import type { Category } from '@shop/contract/catalog';
import type { Operator } from '@shop/contract/legal';
import type { Part, PartSearchResult } from '@shop/contract/parts';
import type { Review } from '@shop/contract/reviews';
import type { PartSort } from '@shop/contract/storefront';
import type { Tool } from '@shop/contract/tools';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { browserQueryClient } from './query-client';

/** A page of the catalog and how many parts match in all. */
export interface PartsPage {
  parts: Part[];
  total: number;
}

/**
 * What the public pages' loaders read in the server's own process (its parts and reviews
 * services), handed to them as the router's request context (entry-server.tsx).
 */
export interface ServerData {
  parts(query: { limit: number; offset?: number; q?: string; sort?: PartSort }): Promise<PartsPage>;
  /**
   * `GET /api/catalog/search` with these parameters (as its query string carries them); a
   * parameter it refuses throws the API's error (status 400 or 404, its message).
   */
  search(params: Record<string, string>): Promise<PartSearchResult>;
  /** `GET /api/categories`. */
  categories(): Promise<Category[]>;
  /** null for a part the catalog does not have. */
  part(id: string): Promise<Part | null>;
  reviews(limit: number): Promise<Review[]>;
  /** Who runs the shop, as the legal pages name them. */
  operator(): Promise<Operator>;
  /** A page of the tool models by name, and how many there are. */
  tools(query: { limit: number; offset?: number }): Promise<{ tools: Tool[]; total: number }>;
  /** null for a tool model the catalog does not have. */
  tool(id: string): Promise<Tool | null>;
}

/**
 * A loader's data: read in process on the server (`fromServer`), from the API in the browser
 * (`query`, through the app's query client: cached, retried, a failure shown as a toast). null
 * when it could not be read: the page says so in place.
 */
export function loadData<T, Key extends QueryKey>(
  context: unknown,
  fromServer: (data: ServerData) => Promise<T | null>,
  query: FetchQueryOptions<T, Error, T, Key>,
): Promise<T | null> {
  const server = (context as { serverData?: ServerData } | null | undefined)?.serverData;
  return (server ? fromServer(server) : browserQueryClient().fetchQuery(query)).catch(() => null);
}

/** The server's data for a loader, when it runs on the server; undefined in the browser. */
export const serverDataOf = (context: unknown): ServerData | undefined =>
  (context as { serverData?: ServerData } | null | undefined)?.serverData;
