/** What other features may use of the catalog: a part, the parts list's query and the storefront grid with its loader. */
export { partQuery, usePart, useParts } from './api/get-part';
export { partsQuery } from './api/get-parts';
export { loadStorefront, StorefrontParts } from './components/parts-grid';
