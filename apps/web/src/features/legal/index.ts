/**
 * This feature's public entry: the terms of sale, privacy notice and imprint (the routes load
 * their module as its own chunk), and the link the checkout shows to the terms.
 */
export { TermsLink } from './components/terms-link';
