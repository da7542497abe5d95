import { PageHeading } from './page-heading';

/** A page whose feature is built in a later issue: until then it shows its title (see the README). */
export function TitleOnlyPage({ title }: { title: string }) {
  return (
    <section>
      <PageHeading title={title}>{title}</PageHeading>
    </section>
  );
}
