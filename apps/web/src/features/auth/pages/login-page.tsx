import { PageHeading } from '../../../components/ui/page-heading';

/** Built with its own issue; until then the page shows its title. */
export function LoginPage() {
  return (
    <section>
      <PageHeading title="Login">Login</PageHeading>
    </section>
  );
}
