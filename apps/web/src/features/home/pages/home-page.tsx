import { lazy, Suspense } from 'react';
import { StorefrontParts } from '../../parts';
import { CustomerReviews } from '../../reviews';
import { Banner } from '../components/banner';
import { BusinessSummary } from '../components/business-summary';

// The two forms sit at the bottom of the page and bring the form and schema libraries with
// them: they load after the first paint instead of weighing on it.
const ComplaintBox = lazy(async () => ({
  default: (await import('../components/complaint-box')).ComplaintBox,
}));
const ContactForm = lazy(async () => ({ default: (await import('../components/contact-form')).ContactForm }));

export function HomePage() {
  return (
    <>
      <title>Electronics Tools Manufacturers</title>
      <Banner />
      <section aria-labelledby="tools-heading" className="mt-16">
        <h2 id="tools-heading" className="mb-6 text-center text-3xl font-bold text-primary">
          Tools
        </h2>
        <StorefrontParts />
      </section>
      <BusinessSummary />
      <CustomerReviews />
      <div className="mt-16 grid gap-8 lg:grid-cols-2">
        <Suspense fallback={<div className="skeleton h-96 w-full" aria-busy="true" />}>
          <ComplaintBox />
          <ContactForm />
        </Suspense>
      </div>
    </>
  );
}
