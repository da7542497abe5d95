import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { fieldsOf } from '../../../components/form/fields';
import { Notice } from '../../../components/form/form-notes';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { EmailField } from '../../../components/form/text-field';
import { CardPage } from '../../../components/ui/card-page';
import { useRequestPasswordReset } from '../api/password-reset';

const rules = lazyRules(() => import('../rules').then((module) => module.forgotPasswordRules));

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({ resolver: rules.resolver });
  const { handleSubmit } = form;
  const field = fieldsOf(form);
  const onSubmit = handleSubmit(({ email }) => request.mutate(email));
  return (
    <CardPage title="Forgot password">
      {request.isSuccess ? (
        <Notice>
          If an account has this email, a link to reset its password is on its way. It works once, for one
          hour.
        </Notice>
      ) : (
        <RulesForm
          rules={rules}
          onSubmit={onSubmit}
          error={request.error?.message}
          submit={{ label: 'Send reset link', busy: request.isPending }}
        >
          <p>Enter the email of your account and we will mail you a link to choose a new password.</p>
          <EmailField {...field('email')} />
        </RulesForm>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary">
          Back to Login
        </Link>
      </p>
    </CardPage>
  );
}
