import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, PUNCHOUT_ENDED } from '../../lib/api-client';
import { showError } from '../../lib/toasts';
import { signOut } from './session';

/**
 * docs/product.md §8: a refused load of orders, all orders or users removes the token, signs the user
 * out, sends them to /login and says '{status text} Access!!! Please Login again'. In a punchout
 * window whose session ended, the punchout page says so instead: the window's own sign-in (if any,
 * in another tab) is not touched.
 */
export function useAccessRefusal(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    if (error.code === PUNCHOUT_ENDED) {
      navigate('/punchout', { replace: true });
      return;
    }
    void signOut();
    showError(new Error(`${error.statusText} Access!!! Please Login again`), 'access-refused');
    navigate('/login', { replace: true });
  }, [error, navigate]);
}
