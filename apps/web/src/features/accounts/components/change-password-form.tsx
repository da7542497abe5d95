import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { Notice } from '../../../components/form/form-notes';
import { lazyRules } from '../../../components/form/lazy-rules';
import { RulesForm } from '../../../components/form/rules-form';
import { TextField } from '../../../components/form/text-field';
import { useSession } from '../../auth';
import { useChangePassword } from '../api/change-password';

const rules = lazyRules(() => import('../rules').then((module) => module.changePasswordRules));

/** docs/product.md §8: what the password form says when nobody is signed in. */
export const NO_USER = 'No user is logged in';

/** My Profile's "Change password": the current password, then the new one; other sign-ins end. */
export function ChangePasswordForm() {
  const session = useSession();
  const change = useChangePassword();
  const form = useForm({ resolver: rules.resolver });
  const { handleSubmit, formState, reset } = form;
  const field = fieldsOf(form);
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
          <RulesForm
            rules={rules}
            onSubmit={onSubmit}
            error={change.error?.message}
            notes={change.isSuccess && !formState.isDirty && <Notice>Your password is changed</Notice>}
            submit={{
              label: 'Change password',
              busy: change.isPending,
              className: 'btn btn-primary self-start',
            }}
          >
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              {...field('currentPassword')}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              hint="8 to 128 characters; your other sign-ins end"
              {...field('newPassword')}
            />
          </RulesForm>
        )}
      </div>
    </section>
  );
}
