import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../lib/form';
import { FormError } from '../../auth/components/auth-card';
import { useSession } from '../../auth/session';
import { useChangePassword } from '../api/change-password';
import { Notice } from './account-card';

const rules = lazyRules(() => import('../rules').then((module) => module.changePasswordRules));

/** SPEC.md §8: what the password form says when nobody is signed in. */
export const NO_USER = 'No user is logged in';

/** My Profile's "Change password": the current password, then the new one; other sign-ins end. */
export function ChangePasswordForm() {
  const session = useSession();
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset } = useForm({ resolver: rules.resolver });
  const onSubmit = handleSubmit((body) =>
    change.mutate(body, { onSuccess: () => reset({ currentPassword: '', newPassword: '' }) }),
  );
  return (
    <section aria-labelledby="change-password" className="card max-w-xl bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id="change-password" className="card-title">
          Change password
        </h2>
        {session.status === 'signed-out' && (
          <p role="alert" className="font-medium text-error">
            {NO_USER}
          </p>
        )}
        {session.status === 'signed-in' && (
          <RulesForm rules={rules} onSubmit={onSubmit}>
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              registration={register('currentPassword')}
              error={formState.errors.currentPassword}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              hint="8 to 128 characters; your other sign-ins end"
              registration={register('newPassword')}
              error={formState.errors.newPassword}
            />
            <FormError message={change.error?.message} />
            {change.isSuccess && !formState.isDirty && <Notice>Your password is changed</Notice>}
            <button type="submit" className="btn btn-primary self-start" disabled={change.isPending}>
              Change password
            </button>
          </RulesForm>
        )}
      </div>
    </section>
  );
}
