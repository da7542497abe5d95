/**
 * This feature's public entry: what the app's routes show, the buyer's profile (the order
 * builder's checkout fills the mobile number in from it) and their saved delivery addresses (the
 * checkout offers them, and keeps a new one if asked). The routes load each page by its own
 * module, so that a page is its own chunk.
 */
export { useAddresses, useSaveAddress } from './api/addresses';
export { useProfile } from './api/get-profile';
export { SavedAddressSelect } from './components/saved-address-select';
export { MyProfilePage } from './pages/my-profile-page';
