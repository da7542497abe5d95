import { StorefrontParts } from '../../parts/components/parts-grid';
import { CustomerReviews } from '../../reviews/components/reviews-section';
import { Banner } from '../components/banner';
import { BusinessSummary } from '../components/business-summary';
import { ComplaintBox } from '../components/complaint-box';
import { ContactForm } from '../components/contact-form';

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
        <ComplaintBox />
        <ContactForm />
      </div>
    </>
  );
}
