/**
 * What other features may use of contract prices: the note on a priced part and its struck list
 * price (the admin's and the members' pages load by their routes).
 */
export { ContractPriceNote, contractPriceText } from './components/contract-price-note';
export { ListPrice } from './components/list-price';
