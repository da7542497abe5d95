import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { EmailField, TextField } from '../../../components/form/text-field';
import { useSignup } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { useReturnTo } from '../use-return-to';

const rules = lazyRules(() => import('../rules').then((module) => module.signupRules));

export function SignupPage() {
  const location = useLocation();
  const returnTo = useReturnTo();
  const signup = useSignup();
  const form = useForm({ resolver: rules.resolver });
  const { handleSubmit } = form;
  const field = fieldsOf(form);
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
      <RulesForm
        rules={rules}
        onSubmit={onSubmit}
        error={signup.error?.message}
        submit={{ label: 'Sign Up', busy: signup.isPending }}
      >
        <TextField label="Name" autoComplete="name" required maxLength={100} {...field('name')} />
        <EmailField {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          {...field('password')}
        />
      </RulesForm>
    </AuthCard>
  );
}
