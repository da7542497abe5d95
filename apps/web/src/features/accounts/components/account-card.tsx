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

/** A short confirmation, read out when it appears. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-box bg-success/15 p-3 font-medium text-success-content">
      {children}
    </p>
  );
}
