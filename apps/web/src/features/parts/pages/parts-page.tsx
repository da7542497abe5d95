import { PageHeading } from '../../../components/ui/page-heading';
import { StorefrontParts } from '../components/parts-grid';

export function PartsPage() {
  return (
    <section>
      <PageHeading title="Tools">Tools</PageHeading>
      <StorefrontParts cardHeading="h2" />
    </section>
  );
}
