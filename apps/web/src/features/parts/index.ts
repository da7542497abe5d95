/**
 * What other features may use of the catalog: a part, the parts list's query, the storefront grid
 * with its loader, and what a part says of when its pieces ship.
 */
export { partQuery, usePart, useParts } from './api/get-part';
export { partsQuery } from './api/get-parts';
export { IncomingNote, ShipPlanNote } from './components/availability-note';
export { loadStorefront, StorefrontParts } from './components/parts-grid';
