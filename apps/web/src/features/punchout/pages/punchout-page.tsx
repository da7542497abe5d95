import { SESSION_ENDED_MESSAGE } from '@shop/contract/punchout-words';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-notes';
import { CardPage } from '../../../components/ui/card-page';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { readPunchout, startPunchout, tokenFromHash } from '../../../lib/punchout-session';
import { clearBuilder } from '../../order-builder';
import { fetchPunchoutSession } from '../api/punchout';
import { postToProcurement, takePendingTransfer } from '../procurement-form';

/** Where a punchout's buyer starts: the catalog. */
export const PUNCHOUT_START = '/catalog';

/**
 * The punchout session's token from the address's fragment (`#token=po_…`), read once after the
 * page starts, then taken out of the address bar and history. `undefined` until read.
 */
function useStartToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const found = tokenFromHash(window.location.hash);
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    setToken((current) => current ?? found);
  }, []);
  return token;
}

/**
 * A transfer the order builder handed over (procurement-form.ts): posted from this page, once.
 * `undefined` until looked for, then whether one is being sent; a problem with its address is `onProblem`'s.
 */
function usePendingTransfer(onProblem: (message: string) => void): boolean | undefined {
  const [sending, setSending] = useState<boolean>();
  const taken = useRef(false);
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const pending = takePendingTransfer(window.sessionStorage);
    setSending(pending !== null);
    if (!pending) return;
    try {
      postToProcurement(pending);
    } catch (error) {
      onProblem(error instanceof Error ? error.message : SESSION_ENDED_MESSAGE);
    }
  }, [onProblem]);
  return sending;
}

/**
 * /punchout#token=po_…: where a procurement system opens the shop (a cXML StartPage, or the OCI
 * call's redirect). The session is asked for, kept in this window (lib/punchout-session.ts) with an
 * empty order builder, and the buyer goes on to the catalog. An ended or unknown session says so.
 * Transfer to procurement comes back here to post the lines (its policy lets the form leave the shop).
 */
export function PunchoutPage() {
  const [problem, setProblem] = useState<string>();
  const sending = usePendingTransfer(setProblem);
  const token = useStartToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (token === undefined || sending !== false) return;
    if (token === null) {
      // Opened again once the fragment was read (a reload): the window may be in its punchout still.
      if (readPunchout()) navigate(PUNCHOUT_START, { replace: true });
      else setProblem(SESSION_ENDED_MESSAGE);
      return;
    }
    let cancelled = false;
    fetchPunchoutSession(token).then(
      (session) => {
        if (cancelled) return;
        startPunchout({ token, session });
        clearBuilder();
        // What was read before (a visitor's prices) is read again as the buyer's.
        queryClient.removeQueries();
        navigate(PUNCHOUT_START, { replace: true });
      },
      (error: unknown) => {
        if (cancelled) return;
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        setProblem(refused || !(error instanceof Error) ? SESSION_ENDED_MESSAGE : error.message);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, sending, navigate, queryClient]);
  return (
    <CardPage title="Punchout">
      {problem ? (
        <FormError message={problem} />
      ) : sending ? (
        <p role="status">Sending the lines to your procurement system…</p>
      ) : (
        <ProgressBar label="Opening the shop for your procurement system" />
      )}
    </CardPage>
  );
}
