/**
 * What other features may use of the catalog: a part, the parts list's query, the storefront grid
 * with its loader, and the picker that finds a part for an admin's list.
 */
export { partQuery, usePart, useParts } from './api/get-part';
export { partsQuery } from './api/get-parts';
export { PartPicker } from './components/lazy-part-picker';
export { loadStorefront, StorefrontParts } from './components/parts-grid';
