import { PageHeading } from '../../../components/ui/page-heading';

/** Built with its own issue; until then the page shows its title. */
export function DashboardPage() {
  return (
    <section>
      <PageHeading title="Dashboard">Dashboard</PageHeading>
    </section>
  );
}
