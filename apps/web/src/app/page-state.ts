/** The id of the element that carries a server-rendered page's data to the app (JSON). */
export const PAGE_STATE_ID = 'page-state';
/** The <meta> naming the signed-in user (their uid) a page was rendered for, on such a page. */
export const RENDERED_FOR = 'rendered-for';
