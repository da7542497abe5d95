import type { ReactNode } from 'react';
import { PageHeading } from './page-heading';

/** A page that is one card in the middle (login, signup, the pages a mailed link opens). */
export function CardPage({ title, children }: { title: string; children: ReactNode }) {
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
