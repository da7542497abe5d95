/**
 * This feature's public entry: what the app's routes show. The routes load each page by its own
 * module, so that a page is its own chunk; no other feature uses this one.
 */
export { DashboardLayout } from './components/dashboard-layout';
