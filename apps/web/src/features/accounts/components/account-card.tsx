import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';

/** The card of the pages a mailed link or "Forgot password?" opens. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-4">
          <PageHeading title={title}>{title}</PageHeading>
          {children}
        </div>
      </div>
    </section>
  );
}
