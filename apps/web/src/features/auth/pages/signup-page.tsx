import { Link, useLocation } from 'react-router';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../lib/form';
import { useSignup } from '../api/sign-in';
import { AuthCard, FormError } from '../components/auth-card';
import { useReturnTo } from '../use-return-to';

const rules = lazyRules(() => import('../rules').then((module) => module.signupRules));

export function SignupPage() {
  const location = useLocation();
  const returnTo = useReturnTo();
  const signup = useSignup();
  const { register, handleSubmit, formState } = useForm({ resolver: rules.resolver });
  const onSubmit = handleSubmit((body) => signup.mutate(body, { onSuccess: () => returnTo.go() }));
  return (
    <AuthCard
      title="Sign Up"
      returnTo={returnTo.path}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={location.state} className="link link-primary">
            Please login
          </Link>
        </>
      }
    >
      <RulesForm rules={rules} onSubmit={onSubmit}>
        <TextField
          label="Name"
          autoComplete="name"
          required
          maxLength={100}
          registration={register('name')}
          error={formState.errors.name}
        />
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
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          registration={register('password')}
          error={formState.errors.password}
        />
        <FormError message={signup.error?.message} />
        <button type="submit" className="btn btn-primary" disabled={signup.isPending}>
          Sign Up
        </button>
      </RulesForm>
    </AuthCard>
  );
}
