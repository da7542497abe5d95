import type { GoogleSignInProblem } from '@shop/contract/auth';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { FormError } from '../../../components/form/form-notes';
import { CardPage } from '../../../components/ui/card-page';
import { isPlainClick } from '../../../lib/plain-click';
import { googleProblemText } from '../google-problems';

/** The card that holds the login and signup forms, the Google option and the link to the other one. */
export function AuthCard({
  title,
  children,
  footer,
  returnTo,
  googleProblem,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
  /** Where Google sign-in comes back to. */
  returnTo: string;
  /** Why the last Google sign-in failed, in the shop's words. */
  googleProblem?: string | undefined;
}) {
  return (
    <CardPage title={title}>
      {children}
      <div className="divider">OR</div>
      <GoogleButton returnTo={returnTo} problem={googleProblem} />
      <p className="text-center text-sm">{footer}</p>
    </CardPage>
  );
}

/** Why the server would not start a Google sign-in, read from its answer. */
async function refusal(response: Response): Promise<GoogleSignInProblem> {
  const body: unknown = await response.json().catch(() => undefined);
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  return code === 'google_not_configured' ? code : 'google_unavailable';
}

/**
 * "Continue with Google": a link to the server's start of the sign-in, which sends the browser on
 * to Google. The click first asks the server without following its answer: only when that is the
 * way to Google does the page go there, so a shop without Google shows why in red above the
 * button instead of the API's JSON.
 */
export function GoogleButton({ returnTo, problem }: { returnTo: string; problem?: string | undefined }) {
  const [refused, setRefused] = useState<GoogleSignInProblem>();
  const [pending, setPending] = useState(false);
  const href = `/api/auth/google?${new URLSearchParams({ from: returnTo })}`;
  // Back from Google with the browser's Back button, the page may come from its cache, still busy.
  useEffect(() => {
    const ready = () => setPending(false);
    window.addEventListener('pageshow', ready);
    return () => window.removeEventListener('pageshow', ready);
  }, []);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setRefused(undefined);
    try {
      const response = await fetch(href, { redirect: 'manual' });
      if (response.type === 'opaqueredirect') {
        window.location.assign(href);
        return;
      }
      setRefused(await refusal(response));
    } catch {
      setRefused('google_unavailable');
    }
    setPending(false);
  }

  return (
    <>
      <FormError message={googleProblemText(refused) ?? problem} />
      <a
        href={href}
        onClick={onClick}
        aria-busy={pending}
        className={`btn btn-outline ${pending ? 'btn-disabled' : ''}`}
      >
        Continue with Google
      </a>
    </>
  );
}
