import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { fieldsOf } from '../../../components/form/fields';
import { FormError } from '../../../components/form/form-notes';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { CardPage } from '../../../components/ui/card-page';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { signOut, useSession } from '../../auth';
import { useResetPassword } from '../api/password-reset';
import { useFragmentToken } from '../use-fragment-token';

const rules = lazyRules(() => import('../rules').then((module) => module.newPasswordRules));

/** /reset-password#token=…: the new password, twice; then to /login with a word of success. */
export function ResetPasswordPage() {
  const token = useFragmentToken();
  const reset = useResetPassword();
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm({ resolver: rules.resolver });
  const { handleSubmit } = form;
  const field = fieldsOf(form);
  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token: token ?? '', password },
      {
        onSuccess: async () => {
          // Every sign-in of the account has ended, this browser's too.
          if (session.status === 'signed-in') await signOut();
          navigate('/login?reset=done', { replace: true });
        },
      },
    ),
  );
  return (
    <CardPage title="Reset password">
      {token === undefined && <ProgressBar />}
      {token === null && (
        <>
          <FormError message="This page needs the link from your password reset email." />
          <Link to="/forgot-password" className="link link-primary">
            Ask for a new link
          </Link>
        </>
      )}
      {token && (
        <RulesForm
          rules={rules}
          onSubmit={onSubmit}
          error={reset.error?.message}
          notes={
            reset.error && (
              <Link to="/forgot-password" className="link link-primary">
                Ask for a new link
              </Link>
            )
          }
          submit={{ label: 'Set new password', busy: reset.isPending }}
        >
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint="8 to 128 characters"
            {...field('password')}
          />
          <TextField
            label="Repeat new password"
            type="password"
            autoComplete="new-password"
            required
            {...field('confirm')}
          />
        </RulesForm>
      )}
    </CardPage>
  );
}
