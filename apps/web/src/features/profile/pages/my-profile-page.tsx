import type { User } from '@shop/contract/users';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { lazyRules } from '../../../components/form/lazy-rules';
import { ReadOnlyField } from '../../../components/form/read-only-field';
import { RulesForm } from '../../../components/form/rules-form';
import { MobileField } from '../../../components/form/text-field';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toastOutcome } from '../../../lib/toasts';
import { ChangePasswordForm, EmailStatus } from '../../accounts';
import { useIsAdmin, useSession } from '../../auth';
import { useAddresses } from '../api/addresses';
import { useProfile } from '../api/get-profile';
import { useUpdateMobile } from '../api/update-mobile';
import { DeliveryAddresses } from '../components/delivery-addresses';

const rules = lazyRules(() => import('../rules').then((module) => module.mobileRules));

/**
 * docs/product.md §2: name, email and role shown; mobile the only field to edit; Update waits for an
 * edit. A buyer also keeps delivery addresses here (admins order nothing: the API refuses them).
 */
export function MyProfilePage() {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  const profile = useProfile(email);
  const role = useIsAdmin();
  const buyer = email !== '' && !role.loading && !role.admin;
  // Read beside the profile, not after it: the addresses card shows its list at once.
  const addresses = useAddresses(buyer);
  // The cards show together once what they show is read: the profile's card arriving above the
  // others moved them down the page (a layout shift of 0.13 on a desktop, 0.31 on a phone).
  if (email && (profile.isPending || role.loading || (buyer && addresses.isPending))) return <ProgressBar />;
  return (
    <section className="flex flex-col gap-6">
      {profile.data && <ProfileForm user={profile.data} />}
      {buyer && <DeliveryAddresses />}
      <ChangePasswordForm />
    </section>
  );
}

function ProfileForm({ user }: { user: User }) {
  const update = useUpdateMobile(user.email);
  const form = useForm({
    resolver: rules.resolver,
    defaultValues: { mobile: user.mobile ?? '' },
  });
  const { handleSubmit, formState, reset } = form;
  const field = fieldsOf(form);
  const onSubmit = handleSubmit(({ mobile }) =>
    update.mutate(
      mobile,
      toastOutcome('Updated', () => reset({ mobile })),
    ),
  );
  return (
    <RulesForm
      rules={rules}
      onSubmit={onSubmit}
      className="card max-w-xl bg-base-100 shadow"
      body="card-body gap-3"
      submit={{
        label: 'Update',
        busy: update.isPending,
        disabled: !formState.isDirty,
        className: 'btn btn-primary self-start',
      }}
    >
      <ReadOnlyField label="Name" value={user.name} />
      <ReadOnlyField label="Email" value={user.email} />
      <EmailStatus user={user} />
      <ReadOnlyField label="Role" value={user.role === 'admin' ? 'admin' : 'user'} />
      <MobileField {...field('mobile')} />
    </RulesForm>
  );
}
