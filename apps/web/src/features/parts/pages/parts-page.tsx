import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { loadStorefront, StorefrontParts } from '../components/parts-grid';

export const loader = ({ context }: LoaderFunctionArgs) => loadStorefront(context);

export function PartsPage() {
  return (
    <section>
      <PageHeading title="Tools">Tools</PageHeading>
      <StorefrontParts data={useLoaderData<typeof loader>()} cardHeading="h2" />
    </section>
  );
}
