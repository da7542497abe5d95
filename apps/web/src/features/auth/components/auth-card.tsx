import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';

/** The card that holds the login and signup forms, the Google option and the link to the other one. */
export function AuthCard({
  title,
  children,
  footer,
  returnTo,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
  /** Where Google sign-in comes back to. */
  returnTo: string;
}) {
  return (
    <section className="flex justify-center">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-4">
          <PageHeading title={title}>{title}</PageHeading>
          {children}
          <div className="divider">OR</div>
          {/* A full page load: the server sends the browser on to Google. */}
          <a href={`/api/auth/google?${new URLSearchParams({ from: returnTo })}`} className="btn btn-outline">
            Continue with Google
          </a>
          <p className="text-center text-sm">{footer}</p>
        </div>
      </div>
    </section>
  );
}

/** SPEC.md §8: sign-in errors in red above the button. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-error">
      {message}
    </p>
  );
}
