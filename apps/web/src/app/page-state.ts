/** The id of the element that carries a server-rendered page's data to the app (JSON). */
export const PAGE_STATE_ID = 'page-state';
