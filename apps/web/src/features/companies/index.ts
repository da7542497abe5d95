/**
 * This feature's public entry: the buyer's company (the company's orders use it), and what the
 * app's routes show. The routes load each page by its own module, so that a page is its own chunk.
 * The Company page takes the company's orders and Approvals as its `orders` slot.
 */
export { myCompanyQuery, useMyCompany, usePaysByCard } from './api/companies';
export type { CompanyOrdersSlot } from './pages/company-page';
