/**
 * What other features may use of the buyer's own part numbers: the numbers by part (a product
 * page, the order builder) and how a number is shown beside a part. The page is loaded by its
 * own module (routes.tsx).
 */
export { useYourPartNumbers } from './api/part-numbers';
export { YourPartNumber } from './components/your-part-number';
