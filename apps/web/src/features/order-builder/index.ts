/**
 * What other features may use of the order builder: its lines and adding to them, the navbar's
 * link to it, and My Order's 'Save as list' for an order's lines. The routes load its
 * pages (pages/order-page.tsx, pages/lists-page.tsx) by their own modules.
 */
export { CartLink } from './components/cart-link';
export { SaveOrderAsList } from './components/order-actions';
export { SaveListButton } from './components/save-list-button';
export { addToOrder, type BuilderLine, clearBuilder, setBuilderLines, useBuilderLines } from './store';
