import type { Review } from '@shop/contract/reviews';
import { loadData } from '../../../lib/server-data';
import { HOME_REVIEWS, reviewsQuery } from '../api/get-reviews';

function Stars({ rating }: { rating: number }) {
  const shown = Math.max(0, Math.min(5, rating));
  return (
    <p className="text-warning" role="img" aria-label={`Rating: ${shown} out of 5`}>
      {'★'.repeat(shown)}
      <span className="text-base-content/25">{'★'.repeat(5 - shown)}</span>
    </p>
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="card bg-base-100 shadow">
      <div className="card-body gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{review.name}</h3>
          {review.verifiedBuyer && (
            <span className="badge badge-success badge-sm" title="This reviewer has paid for an order">
              Verified buyer
            </span>
          )}
        </div>
        <Stars rating={review.rating} />
        {/* Rendered as text: whatever a review holds, no HTML in it runs. */}
        <p className="whitespace-pre-line break-words text-sm text-base-content/80">{review.message}</p>
      </div>
    </article>
  );
}

/** The home page's reviews, for its loader. */
export const loadReviews = (context: unknown) =>
  loadData(context, (data) => data.reviews(HOME_REVIEWS), reviewsQuery(HOME_REVIEWS));

/** The newest reviews (`data`), null when they could not be read. */
export function CustomerReviews({ data }: { data: Review[] | null }) {
  return (
    <section aria-labelledby="reviews-heading" className="mt-16">
      <h2 id="reviews-heading" className="mb-6 text-center text-3xl font-bold text-primary">
        Customer reviews
      </h2>
      {!data && <p className="text-center text-base-content/70">The reviews could not be loaded.</p>}
      {data && data.length === 0 && <p className="text-center">No reviews yet.</p>}
      {data && data.length > 0 && (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((review) => (
            <ReviewCard key={review._id} review={review} />
          ))}
        </div>
      )}
    </section>
  );
}
