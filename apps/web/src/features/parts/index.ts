/** What other features may use of the catalog: a part, the parts list's query and the storefront grid. */
export { partQuery, usePart, useParts } from './api/get-part';
export { partsQuery } from './api/get-parts';
export { StorefrontParts } from './components/parts-grid';
