import { apiRequest, type RequestOptions } from './api-client';

/** Where a page of a list starts and how many rows it has. */
export interface Page {
  limit: number;
  offset: number;
}

/** A page of a list and how many rows the whole list has. */
export interface PagedList<Row> {
  rows: Row[];
  total: number;
}

/** A page's place as query parameters. */
export const pageParams = (page: Page): URLSearchParams =>
  new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });

/** A page of a list the API answers with the whole list's length in X-Total-Count. */
export async function fetchPage<Row>(path: string, options: RequestOptions): Promise<PagedList<Row>> {
  const { data, headers } = await apiRequest<Row[]>(path, options);
  return { rows: data, total: Number(headers.get('x-total-count') ?? data.length) };
}
