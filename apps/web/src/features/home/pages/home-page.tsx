import { lazy, Suspense } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadStorefront, StorefrontParts } from '../../parts';
import { CustomerReviews, loadReviews } from '../../reviews';
import { Banner } from '../components/banner';
import { BusinessSummary } from '../components/business-summary';

// The two forms sit at the bottom of the page and bring the form and schema libraries with
// them: they load after the first paint instead of weighing on it.
const ComplaintBox = lazy(async () => ({
  default: (await import('../components/complaint-box')).ComplaintBox,
}));
const ContactForm = lazy(async () => ({ default: (await import('../components/contact-form')).ContactForm }));

/** The first parts and the newest reviews: read in process on the server, from the API in the browser. */
export async function homeLoader({ context }: LoaderFunctionArgs) {
  const [parts, reviews] = await Promise.all([loadStorefront(context), loadReviews(context)]);
  return { parts, reviews };
}

export function HomePage() {
  const { parts, reviews } = useLoaderData<typeof homeLoader>();
  return (
    <>
      <title>Electronics Tools Manufacturers</title>
      <Banner />
      <section aria-labelledby="tools-heading" className="mt-16">
        <h2 id="tools-heading" className="mb-6 text-center text-3xl font-bold text-primary">
          Tools
        </h2>
        <StorefrontParts data={parts} />
      </section>
      <BusinessSummary />
      <CustomerReviews data={reviews} />
      <div className="mt-16 grid gap-8 lg:grid-cols-2">
        <Suspense fallback={<div className="skeleton h-96 w-full" aria-busy="true" />}>
          <ComplaintBox />
          <ContactForm />
        </Suspense>
      </div>
    </>
  );
}
