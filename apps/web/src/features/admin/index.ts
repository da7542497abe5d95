/**
 * This feature's public entry: what the app's routes show. The routes load each page by its own
 * module, so that a page is its own chunk; no other feature uses this one.
 */
export { AddProductPage } from './pages/add-product-page';
export { EditProductPage } from './pages/edit-product-page';
export { MakeAdminPage } from './pages/make-admin-page';
export { ManageProductPage } from './pages/manage-product-page';
