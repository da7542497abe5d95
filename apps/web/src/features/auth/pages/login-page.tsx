import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../lib/form';
import { Notice } from '../../accounts/components/account-card';
import { useGoogleReturn, useLogin } from '../api/sign-in';
import { AuthCard, FormError } from '../components/auth-card';
import { googleProblemText } from '../google-problems';
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

  // Back from Google with a one-time code in the fragment: take it out of the address bar
  // (and history) first, then exchange it (the browser's cookie goes along).
  const { mutate: exchange } = google;
  const { go } = returnTo;
  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const code = fragment.get('code');
    if (!code) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    exchange(code, { onSuccess: () => go(fragment.get('from') ?? '/') });
  }, [exchange, go]);

  return (
    <AuthCard
      title="Login"
      returnTo={returnTo.path}
      googleProblem={google.error?.message ?? googleProblemText(search.get('error'))}
      footer={
        <>
          New to Electronics Tools?{' '}
          <Link to="/signup" state={location.state} className="link link-primary">
            Create New Account
          </Link>
        </>
      }
    >
      <RulesForm rules={rules} onSubmit={onSubmit}>
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
        {search.get('reset') === 'done' && !login.error && (
          <Notice>Your password is reset. Log in with your new password.</Notice>
        )}
        <FormError message={login.error?.message} />
        <button type="submit" className="btn btn-primary" disabled={login.isPending || google.isPending}>
          Login
        </button>
      </RulesForm>
    </AuthCard>
  );
}
