import type { ReactNode } from 'react';

/** The page's one h1, and its document title. */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  return (
    <>
      <title>{`${title} — Electronics Tools Manufacturers`}</title>
      <h1 className="mb-6 text-3xl font-bold text-primary">{children}</h1>
    </>
  );
}
