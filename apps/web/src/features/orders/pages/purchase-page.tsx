import { PageHeading } from '../../../components/ui/page-heading';

/** Built with its own issue; until then the page shows its title. */
export function PurchasePage() {
  return (
    <section>
      <PageHeading title="Purchase">Purchase</PageHeading>
    </section>
  );
}
