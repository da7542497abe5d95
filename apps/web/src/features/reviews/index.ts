/** What other features may use of reviews: the home page's customer reviews. */
export { CustomerReviews, loadReviews } from './components/reviews-section';
