/**
 * This feature's public entry: what the app's routes show, and the buyer's profile (the order
 * builder's checkout fills the mobile number in from it). The routes load each page by its own
 * module, so that a page is its own chunk.
 */
export { useProfile } from './api/get-profile';
export { MyProfilePage } from './pages/my-profile-page';
