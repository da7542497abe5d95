import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { fieldsOf } from '../../../components/form/fields';
import { Notice } from '../../../components/form/form-notes';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { EmailField, TextField } from '../../../components/form/text-field';
import { useGoogleReturn, useLogin } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { googleProblemText } from '../google-problems';
import { useReturnTo } from '../use-return-to';

const rules = lazyRules(() => import('../rules').then((module) => module.loginRules));

export function LoginPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const returnTo = useReturnTo();
  const login = useLogin();
  const google = useGoogleReturn();
  const form = useForm({ resolver: rules.resolver });
  const { handleSubmit } = form;
  const field = fieldsOf(form);
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
      <RulesForm
        rules={rules}
        onSubmit={onSubmit}
        error={login.error?.message}
        submit={{ label: 'Login', busy: login.isPending || google.isPending }}
      >
        <EmailField {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <Link to="/forgot-password" className="link link-primary self-end text-sm">
          Forgot password?
        </Link>
        {search.get('reset') === 'done' && !login.error && (
          <Notice>Your password is reset. Log in with your new password.</Notice>
        )}
      </RulesForm>
    </AuthCard>
  );
}
