/** What other features may use of contract prices: the note on a priced part (the admin's page loads by its route). */
export { ContractPriceNote, contractPriceText } from './components/contract-price-note';
