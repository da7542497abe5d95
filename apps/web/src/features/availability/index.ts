/**
 * What other features may use of availability: what a part says of when its pieces ship (the
 * result rows, the order builder, the BOM). A feature of its own, not the catalog's: the contract's
 * shipPlan it words stays out of the pages that never show it (the storefront's first download).
 */
export { IncomingNote, ShipPlanNote, StockNote } from './components/availability-note';
