import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { lazyRules } from '../../../components/form/lazy-rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../lib/form';
import { Notice } from '../../accounts/components/account-card';
import { useGoogleReturn, useLogin } from '../api/sign-in';
import { AuthCard, FormError } from '../components/auth-card';
import { useReturnTo } from '../use-return-to';

const rules = lazyRules(() => import('../rules').then((module) => module.loginRules));

export function LoginPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const returnTo = useReturnTo();
  const login = useLogin();
  const google = useGoogleReturn();
  const { register, handleSubmit, formState } = useForm({ resolver: rules.resolver });
  const onSubmit = handleSubmit((body) => login.mutate(body, { onSuccess: () => returnTo.go() }));

  // Back from Google with a one-use token in the fragment: take it out of the address bar
  // (and history) first, then exchange it.
  const { mutate: exchange } = google;
  const { go } = returnTo;
  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = fragment.get('google');
    if (!token) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    exchange(token, { onSuccess: () => go(fragment.get('from') ?? '/') });
  }, [exchange, go]);

  const error = login.error ?? google.error;
  return (
    <AuthCard
      title="Login"
      returnTo={returnTo.path}
      footer={
        <>
          New to Electronics Tools?{' '}
          <Link to="/signup" state={location.state} className="link link-primary">
            Create New Account
          </Link>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={onSubmit}
        onFocus={rules.warm}
        onPointerDown={rules.warm}
        noValidate
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          registration={register('email')}
          error={formState.errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          registration={register('password')}
          error={formState.errors.password}
        />
        <Link to="/forgot-password" className="link link-primary self-end text-sm">
          Forgot password?
        </Link>
        {search.get('reset') === 'done' && !error && (
          <Notice>Your password is reset. Log in with your new password.</Notice>
        )}
        <FormError message={error?.message ?? search.get('error') ?? undefined} />
        <button type="submit" className="btn btn-primary" disabled={login.isPending || google.isPending}>
          Login
        </button>
      </form>
    </AuthCard>
  );
}
