/**
 * What other features may use of the buyer's own part numbers: how a number is shown beside a
 * part (the parts themselves carry it: customerPartNumber). The page is loaded by its own module
 * (routes.tsx).
 */
export { YourPartNumber } from './components/your-part-number';
