import { PageHeading } from '../../../components/ui/page-heading';

/** Built with its own issue; until then the page shows its title. */
export function SignupPage() {
  return (
    <section>
      <PageHeading title="Sign Up">Sign Up</PageHeading>
    </section>
  );
}
