import { Link } from 'react-router';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../lib/form';
import { FormError } from '../../auth/components/auth-card';
import { useRequestPasswordReset } from '../api/password-reset';
import { AccountCard, Notice } from '../components/account-card';

const rules = lazyRules(() => import('../rules').then((module) => module.forgotPasswordRules));

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm({ resolver: rules.resolver });
  const onSubmit = handleSubmit(({ email }) => request.mutate(email));
  return (
    <AccountCard title="Forgot password">
      {request.isSuccess ? (
        <Notice>
          If an account has this email, a link to reset its password is on its way. It works once, for one
          hour.
        </Notice>
      ) : (
        <RulesForm rules={rules} onSubmit={onSubmit}>
          <p>Enter the email of your account and we will mail you a link to choose a new password.</p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            registration={register('email')}
            error={formState.errors.email}
          />
          <FormError message={request.error?.message} />
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            Send reset link
          </button>
        </RulesForm>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary">
          Back to Login
        </Link>
      </p>
    </AccountCard>
  );
}
